import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, expectFieldProblem, expectProblem, historyOf, loanIn, stateOf } from '../../support/loan-api.js';
import { fillBankSection } from '../../support/profile-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Payouts only to the verified account (issue 33, item 6; RBI Digital Lending Directions 2025, no pass-through):
 * disburse pays the borrower's verified Bank section and refuses any other account, naming the field and why.
 * The loan helper's Bank section is account 123456789012 at HDFC0001234. Real PostgreSQL.
 */
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await startTestApp('payout_account');
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

async function disbursalPending() {
  const borrower = await registerBorrower(t.http, 'Asha Rao');
  const loan = await loanIn(t.http, 'disbursal.pending', borrower.token, staff);
  return { borrower, id: loan.id };
}

const disburse = (id: string, body: object) => t.http.post(`/api/admin/loans/${id}/disburse`).set(bearer(staff)).send(body);

describe('POST /api/admin/loans/:id/disburse: payouts only to the verified account', () => {
  it('without a payee account, pays the verified Bank section and records its last four and IFSC (never the number)', async () => {
    const { id } = await disbursalPending();
    const res = await disburse(id, { payoutReference: 'UTR-1', disbursedOn: '2026-11-21' }).expect(200);
    expect(res.body.state).toBe('active');
    const event = (await historyOf(t.http, staff, id)).at(-1)!;
    expect(event.type).toBe('LoanDisbursed');
    expect(event.data.payoutAccount).toEqual({ accountLast4: '9012', ifsc: 'HDFC0001234' });
    const stored = await t.runtime.db.selectFrom('events').select('data').where('stream_id', '=', `loan-${id}`).execute();
    expect(JSON.stringify(stored)).not.toContain('123456789012');
  });

  it('accepts the verified account named by staff (spaces and the IFSC case do not matter)', async () => {
    const { id } = await disbursalPending();
    const res = await disburse(id, {
      payoutReference: 'UTR-2',
      disbursedOn: '2026-11-21',
      payeeAccount: { accountNumber: '1234 5678 9012', ifsc: 'hdfc0001234' },
    }).expect(200);
    expect(res.body.state).toBe('active');
  });

  it('refuses a payout to another account with 422 naming payeeAccount.accountNumber and the rule; nothing is appended', async () => {
    const { id } = await disbursalPending();
    const before = await historyOf(t.http, staff, id);
    const res = await disburse(id, {
      payoutReference: 'UTR-3',
      disbursedOn: '2026-11-21',
      payeeAccount: { accountNumber: '555566667777', ifsc: 'HDFC0001234' },
    });
    const problem = expectProblem(res, 422, 'payout-account-not-verified');
    expect(problem.title).toBe("Payouts go only to the borrower's verified bank account");
    expect(problem.fields).toEqual([
      {
        name: 'payeeAccount.accountNumber',
        message: expect.stringContaining("is not the borrower's verified account XXXXXX9012 (HDFC0001234)"),
      },
    ]);
    expect(problem.detail).toContain('RBI Digital Lending Directions 2025');
    expect(JSON.stringify(problem)).not.toContain('555566667777');
    expect(await historyOf(t.http, staff, id)).toHaveLength(before.length);
    expect(await stateOf(t.http, staff, id)).toBe('disbursal.pending');
  });

  it('refuses a payout to the same number at another IFSC, naming payeeAccount.ifsc', async () => {
    const { id } = await disbursalPending();
    const res = await disburse(id, {
      payoutReference: 'UTR-4',
      payeeAccount: { accountNumber: '123456789012', ifsc: 'ICIC0000001' },
    });
    const problem = expectProblem(res, 422, 'payout-account-not-verified');
    expect((problem.fields as { name: string }[]).map((f) => f.name)).toEqual(['payeeAccount.ifsc']);
  });

  it('refuses a payout when the borrower changed the Bank section after it was verified, naming bank', async () => {
    const { borrower, id } = await disbursalPending();
    await fillBankSection(t.http, borrower.token, { accountNumber: '900000004444' });
    const problem = expectProblem(await disburse(id, { payoutReference: 'UTR-5' }), 422, 'payout-account-not-verified');
    expect(problem.fields).toEqual([
      { name: 'bank', message: expect.stringContaining('changed after it was verified (verified XXXXXX9012') },
    ]);
    expect(await stateOf(t.http, staff, id)).toBe('disbursal.pending');
  });

  it('a malformed payee account is 400 naming the field', async () => {
    const { id } = await disbursalPending();
    expectFieldProblem(await disburse(id, { payoutReference: 'UTR-6', payeeAccount: { accountNumber: 'abc', ifsc: 'nope' } }), [
      'payeeAccount.accountNumber',
      'payeeAccount.ifsc',
    ]);
  });
});
