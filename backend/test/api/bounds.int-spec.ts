import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, expectFieldProblem, loanIn } from '../support/loan-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 9 item 10: numbers (and dates) a client sends never reach SQL out of range. A list page beyond row 10,000,
 * a non-safe integer or 1e300 is a 400 naming the field, never a 500; the ordinary first page still works.
 */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await startTestApp('bounds');
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

const LISTS = ['loans', 'emails', 'users', 'roles', 'permissions', 'presence'];

describe('admin list range', () => {
  it.each(LISTS)('/api/admin/%s: out-of-bounds ranges are 400 naming range; [0,24] works', async (list) => {
    const url = `/api/admin/${list}`;
    for (const range of [
      '[1e300,1e300]',
      '[10001,10010]',
      '[9007199254740993,1]',
      '[0,9007199254740993]',
      '[-1,5]',
      '[5,4]',
      '[0,500]',
      '[0.5,3]',
      '["0","24"]',
      '[0,24,3]',
    ]) {
      const fields = expectFieldProblem(await t.http.get(url).query({ range }).set(bearer(staff)), ['range'], 'validation-failed');
      expect({ range, fields: fields.map((f) => f.name) }).toEqual({ range, fields: ['range'] });
    }
    const ok = await t.http.get(url).query({ range: '[0,24]' }).set(bearer(staff)).expect(200);
    expect(ok.headers['content-range']).toMatch(new RegExp(`^${list} (\\d+-\\d+|\\*)/\\d+$`));
    // The deepest page allowed still answers (empty here).
    const deepest = await t.http.get(url).query({ range: '[10000,10499]' }).set(bearer(staff)).expect(200);
    expect(deepest.body).toEqual([]);
  });
});

describe('numbers and dates in bodies and queries', () => {
  it('huge or non-safe amounts, tenures and scores are 400 naming the field', async () => {
    const alice = await registerBorrower(t.http);
    const b = bearer(alice.token);
    expectFieldProblem(await t.http.post('/api/me/loans').set(b).send({ type: 'EMI', amount: 1e300, tenureMonths: 12 }), ['amount']);
    expectFieldProblem(
      // eslint-disable-next-line no-loss-of-precision -- 2^53 + 1 on purpose: a number past the safe integers
      await t.http.post('/api/me/loans').set(b).send({ type: 'EMI', amount: 10_000_000, tenureMonths: 9007199254740993 }),
      ['tenureMonths'],
    );
    expectFieldProblem(await t.http.post('/api/me/loans').set(b).send({ type: 'EMI', amount: 9007199254740991, tenureMonths: 12 }), [
      'amount',
    ]);
    const loan = await loanIn(t.http, 'soft.pending', alice.token, staff);
    expectFieldProblem(await t.http.patch(`/api/me/loans/${loan.id}`).set(b).send({ amount: 1e300 }), ['amount']);
    expectFieldProblem(await t.http.post(`/api/admin/loans/${loan.id}/approve-soft`).set(bearer(staff)).send({ score: 1e300 }), ['score']);
    expectFieldProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/approve-soft`).set(bearer(staff)).send({ score: 742, approvedAmount: 1e300 }),
      ['approvedAmount'],
    );
    expectFieldProblem(await t.http.get('/api/public/emi').query({ principal: '1e300', annualRatePercent: 12, months: 12 }), ['principal']);
    expectFieldProblem(await t.http.get('/api/public/emi').query({ principal: 100000, annualRatePercent: '1e300', months: 12 }), [
      'annualRatePercent',
    ]);
    expectFieldProblem(
      await t.http.get('/api/public/emi').query({ principal: 100000, annualRatePercent: 12, months: '9007199254740993' }),
      ['months'],
    );
  });

  it('calendar days PostgreSQL cannot store (year 0) or far out are 400 naming the field, not 500; nothing changes', async () => {
    const s = bearer(staff);
    expectFieldProblem(await t.http.get('/api/admin/loan-activity').query({ from: '0000-01-01', to: '0000-02-01' }).set(s), ['from', 'to']);
    expectFieldProblem(await t.http.get('/api/admin/loan-activity').query({ from: '9999-01-01', to: '9999-12-31' }).set(s), ['from', 'to']);
    // Instants far off are fine where they are only compared (an empty or whole answer, never a 500).
    await t.http
      .get('/api/admin/loans')
      .query({ filter: JSON.stringify({ createdFrom: '0000-01-01' }) })
      .set(s)
      .expect(200);
    await t.http
      .get('/api/admin/loans')
      .query({ filter: JSON.stringify({ createdTo: '9999-12-31T23:59:59-14:00' }) })
      .set(s)
      .expect(200);
    const alice = await registerBorrower(t.http);
    const loan = await loanIn(t.http, 'disbursal.pending', alice.token, staff);
    expectFieldProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/disburse`).set(s).send({ payoutReference: 'UTR-1', disbursedOn: '0000-01-01' }),
      ['disbursedOn'],
    );
    expect((await t.http.get(`/api/admin/loans/${loan.id}`).set(s).expect(200)).body.state).toBe('disbursal.pending');
  });
});
