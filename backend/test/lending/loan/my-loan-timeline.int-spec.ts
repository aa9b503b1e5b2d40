import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { myTimelineEntrySchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { bearer, expectProblem, loanIn } from '../../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await startTestApp('my_timeline');
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/me/loans/:id/history (the borrower timeline)', () => {
  it('lists what happened and when, without staff identities, scores or notes', async () => {
    const alice = await registerBorrower(t.http);
    const loan = await loanIn(t.http, 'bank.pending', alice.token, staff);
    await t.http.post(`/api/admin/loans/${loan.id}/reject`).set(bearer(staff)).send({ reason: 'Income could not be verified' }).expect(200);
    const res = await t.http.get(`/api/me/loans/${loan.id}/history`).set(bearer(alice.token)).expect(200);
    const entries = z.array(myTimelineEntrySchema).parse(res.body);
    expect(entries.map((e) => [e.type, e.stateAfter, e.by])).toEqual([
      ['LoanApplicationStarted', 'new', 'you'],
      ['LoanApplicationSubmitted', 'applied', 'you'],
      ['LoanApplicationAccepted', 'soft.pending', 'lender'],
      ['SoftCheckApproved', 'bank.pending', 'lender'],
      ['LoanRejected', 'rejected', 'lender'],
    ]);
    expect(entries.at(-1)!.reason).toBe('Income could not be verified');
    expect(entries.slice(0, -1).every((e) => e.reason === null)).toBe(true);
    for (const e of entries) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
    const staffId = (await t.http.get('/api/users/admin').set(bearer(staff)).expect(200)).body.user._id as string;
    expect(JSON.stringify(res.body)).not.toContain(staffId);
    expect(JSON.stringify(res.body)).not.toMatch(/score/);
  });

  it("another borrower's loan, and a loan that does not exist, are the same 404; staff use the staff history", async () => {
    const alice = await registerBorrower(t.http);
    const bob = await registerBorrower(t.http);
    const loan = await loanIn(t.http, 'new', alice.token, staff);
    const theirs = expectProblem(await t.http.get(`/api/me/loans/${loan.id}/history`).set(bearer(bob.token)), 404, 'not-found');
    expect(JSON.stringify(theirs)).not.toContain(alice.user._id);
    expectProblem(
      await t.http.get('/api/me/loans/00000000-0000-4000-8000-000000000000/history').set(bearer(alice.token)),
      404,
      'not-found',
    );
    expectProblem(await t.http.get(`/api/me/loans/${loan.id}/history`).set(bearer(staff)), 403, 'forbidden');
    expectProblem(await t.http.get('/api/me/loans/not-a-uuid/history').set(bearer(alice.token)), 400, 'validation-failed');
  });
});
