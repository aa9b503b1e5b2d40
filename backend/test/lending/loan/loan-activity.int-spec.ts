import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { activityDaySchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { calendarDateIn } from '../../../src/platform/business-date/business-date.port.js';
import { bearer, expectFieldProblem, expectProblem, loanIn } from '../../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await startTestApp('loan_activity');
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

/** Days as the dashboard counts them: calendar days in the business time zone (Asia/Kolkata by default). */
const today = () => calendarDateIn('Asia/Kolkata', new Date());
const daysAgo = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/admin/loan-activity (the dashboard graph)', () => {
  it('counts submissions, final approvals and disbursals per day, with zeros on quiet days', async () => {
    const borrower = await registerBorrower(t.http);
    await loanIn(t.http, 'applied', borrower.token, staff);
    await loanIn(t.http, 'disbursal.pending', borrower.token, staff);
    const paid = await loanIn(t.http, 'disbursal.pending', borrower.token, staff);
    await t.http
      .post(`/api/admin/loans/${paid.id}/disburse`)
      .set(bearer(staff))
      .send({ payoutReference: 'UTR-1', disbursedOn: daysAgo(2) })
      .expect(200);
    await loanIn(t.http, 'new', borrower.token, staff); // started, never submitted: not an application yet

    const res = await t.http
      .get('/api/admin/loan-activity')
      .query({ from: daysAgo(6), to: today() })
      .set(bearer(staff))
      .expect(200);
    const days = z.array(activityDaySchema).parse(res.body);
    expect(days.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    expect(days.at(-1)).toEqual({ day: today(), applications: 3, approvals: 2, disbursals: 0 });
    expect(days.find((d) => d.day === daysAgo(2))).toEqual({ day: daysAgo(2), applications: 0, approvals: 0, disbursals: 1 });
    expect(
      days.filter((d) => d.day !== today() && d.day !== daysAgo(2)).every((d) => d.applications + d.approvals + d.disbursals === 0),
    ).toBe(true);
  });

  it('refuses a bad period field by field', async () => {
    expectFieldProblem(await t.http.get('/api/admin/loan-activity').set(bearer(staff)), ['from', 'to'], 'validation-failed');
    expectFieldProblem(
      await t.http.get('/api/admin/loan-activity').query({ from: '2026-11-10', to: '2026-11-01' }).set(bearer(staff)),
      ['from'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http.get('/api/admin/loan-activity').query({ from: '2024-01-01', to: '2026-01-01' }).set(bearer(staff)),
      ['to'],
      'validation-failed',
    );
    expectFieldProblem(
      await t.http.get('/api/admin/loan-activity').query({ from: 'yesterday', to: '2026-01-01', x: '1' }).set(bearer(staff)),
      ['from', 'x'],
      'validation-failed',
    );
  });

  it('needs loans.view', async () => {
    const borrower = await registerBorrower(t.http);
    expectProblem(
      await t.http.get('/api/admin/loan-activity').query({ from: today(), to: today() }).set(bearer(borrower.token)),
      403,
      'forbidden',
    );
    expectProblem(await t.http.get('/api/admin/loan-activity').query({ from: today(), to: today() }), 401, 'unauthenticated');
  });
});
