import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, expectFieldProblem, expectProblem, historyOf, loanIn, stateOf } from '../../support/loan-api.js';
import { fillBankSection } from '../../support/profile-api.js';
import { loginStaff, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The bank-verification stage (issue 14, Bank): approve-bank reads the borrower's Bank section and records how the
 * account was verified, by the development penny drop (no bank called) or by hand with a reason. Real PostgreSQL.
 */
const FAILING_ACCOUNT = '999999999999';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await startTestApp('bank_verification', { PENNY_DROP_FAIL_ACCOUNTS: `${FAILING_ACCOUNT}, 888888888888` });
  staff = await loginStaff(t.http);
});

afterAll(async () => {
  await t?.close();
});

const approve = (id: string, body: object, token = staff, key?: string) => {
  const req = t.http.post(`/api/admin/loans/${id}/approve-bank`).set(bearer(token));
  return (key ? req.set('Idempotency-Key', key) : req).send(body);
};

async function bankPending(name = 'Asha Rao') {
  const borrower = await registerBorrower(t.http, name);
  const loan = await loanIn(t.http, 'bank.pending', borrower.token, staff);
  return { borrower, id: loan.id };
}

describe('POST /api/admin/loans/:id/approve-bank', () => {
  it('penny drop: reads the Bank section and records the method, last four, IFSC, the reference and the name match; never the number', async () => {
    const { borrower, id } = await bankPending('Asha K. Rao');
    await fillBankSection(t.http, borrower.token, { holderName: 'RAO ASHA K', accountNumber: '501000123456789', ifsc: 'hdfc0004321' });
    const res = await approve(id, { method: 'penny-drop', reason: 'Looks fine' }).expect(200);
    expect(res.body.state).toBe('consent.pending');
    expect(res.body.bankAccountLast4).toBe('6789');
    expect(res.body.bankVerification).toEqual({
      method: 'penny-drop',
      ifsc: 'HDFC0004321',
      reference: expect.stringMatching(/^PD-DEV-[0-9A-F]{12}$/),
    });
    const event = (await historyOf(t.http, staff, id)).at(-1)!;
    expect(event.type).toBe('BankVerificationApproved');
    expect(event.data).toEqual(
      expect.objectContaining({
        method: 'penny-drop',
        bankAccountLast4: '6789',
        ifsc: 'HDFC0004321',
        pennyDrop: { provider: 'development', reference: res.body.bankVerification.reference, nameAtBank: 'RAO ASHA K', nameMatch: true },
      }),
    );
    const stored = await t.runtime.db.selectFrom('events').select('data').where('stream_id', '=', `loan-${id}`).execute();
    expect(JSON.stringify(stored)).not.toContain('501000123456789');
    expect(JSON.stringify((await t.http.get(`/api/admin/loans/${id}`).set(bearer(staff)).expect(200)).body)).not.toContain(
      '501000123456789',
    );
  });

  it('a penny drop the bank refuses is 422 with a clear message, and nothing is appended', async () => {
    const { borrower, id } = await bankPending();
    await fillBankSection(t.http, borrower.token, { accountNumber: FAILING_ACCOUNT });
    const before = await historyOf(t.http, staff, id);
    const problem = expectProblem(await approve(id, { method: 'penny-drop' }), 422, 'bank-verification-failed');
    expect(problem.detail).toMatch(
      /^The penny drop to XXXXXX9999 \(HDFC0001234\) failed: the bank reports that the account does not exist.*reference PD-DEV-.*verify manually with a reason\.$/,
    );
    expect(problem.fields).toEqual([{ name: 'method', message: problem.detail }]);
    expect(JSON.stringify(problem)).not.toContain(FAILING_ACCOUNT);
    expect(await historyOf(t.http, staff, id)).toEqual(before);
    expect(await stateOf(t.http, staff, id)).toBe('bank.pending');
    // The same account verified by hand, with a reason, goes through and says so.
    const manual = await approve(id, { method: 'manual', reason: 'Cancelled cheque checked against the passbook' }).expect(200);
    expect(manual.body.bankVerification).toEqual({ method: 'manual', ifsc: 'HDFC0001234', reference: null });
    const event = (await historyOf(t.http, staff, id)).at(-1)!;
    expect(event).toEqual(
      expect.objectContaining({ type: 'BankVerificationApproved', reason: 'Cancelled cheque checked against the passbook' }),
    );
    expect(event.data).toEqual(expect.objectContaining({ method: 'manual', bankAccountLast4: '9999', ifsc: 'HDFC0001234' }));
    expect(event.data).not.toHaveProperty('pennyDrop');
  });

  it('a penny drop to an account in another name is 422 naming both names; nothing is appended', async () => {
    const { borrower, id } = await bankPending('Meera Iyer');
    await fillBankSection(t.http, borrower.token, { holderName: 'Ravi Kumar' });
    const problem = expectProblem(await approve(id, { method: 'penny-drop' }), 422, 'bank-verification-failed');
    expect(problem.detail).toMatch(/"Ravi Kumar", which does not match the borrower's name "Meera Iyer"/);
    expect(await stateOf(t.http, staff, id)).toBe('bank.pending');
  });

  it('a missing or rejected Bank section is 409 naming bank, for either method; nothing is appended', async () => {
    const borrower = await registerBorrower(t.http, 'Kiran Shah');
    const { id } = await loanIn(t.http, 'bank.pending', borrower.token, staff);
    const before = await historyOf(t.http, staff, id);
    for (const body of [{ method: 'penny-drop' }, { method: 'manual', reason: 'Cheque seen' }]) {
      const missing = expectProblem(await approve(id, body), 409, 'bank-section-incomplete');
      expect(missing).toEqual(
        expect.objectContaining({
          section: 'bank',
          sectionStatus: 'missing',
          fields: [{ name: 'bank', message: expect.stringContaining('Bank section is missing') }],
        }),
      );
    }
    await fillBankSection(t.http, borrower.token);
    await t.http
      .post(`/api/admin/customers/${borrower.user._id}/sections/bank/verification`)
      .set(bearer(staff))
      .send({ status: 'rejected', reason: 'The IFSC belongs to another branch' })
      .expect(200);
    const rejected = expectProblem(await approve(id, { method: 'penny-drop' }), 409, 'bank-section-incomplete');
    expect(rejected.detail).toContain('rejected (The IFSC belongs to another branch)');
    expect(await historyOf(t.http, staff, id)).toEqual(before);
  });

  it('manual needs a reason; the old bankAccountLast4 body is refused (400 naming the field)', async () => {
    const { borrower, id } = await bankPending();
    await fillBankSection(t.http, borrower.token);
    expectFieldProblem(await approve(id, { method: 'manual' }), ['reason'], 'validation-failed');
    expectFieldProblem(await approve(id, { bankAccountLast4: '1234' }), ['method', 'bankAccountLast4'], 'validation-failed');
    expectFieldProblem(await approve(id, { method: 'by-phone', reason: 'x' }), ['method'], 'validation-failed');
    expect(await stateOf(t.http, staff, id)).toBe('bank.pending');
  });

  it('a repeat with the same Idempotency-Key answers as the first and appends nothing more', async () => {
    const { borrower, id } = await bankPending();
    await fillBankSection(t.http, borrower.token);
    const first = await approve(id, { method: 'penny-drop' }, staff, `bank-${id}`).expect(200);
    const again = await approve(id, { method: 'penny-drop' }, staff, `bank-${id}`).expect(200);
    expect(again.body).toEqual(first.body);
    expect((await historyOf(t.http, staff, id)).filter((e) => e.type === 'BankVerificationApproved')).toHaveLength(1);
    expectProblem(await approve(id, { method: 'penny-drop' }), 409, 'illegal-transition');
  });

  it('needs loans.bank.approve: a borrower 403, staff without it 403 (missing-permission), nothing appended', async () => {
    const { borrower, id } = await bankPending();
    await fillBankSection(t.http, borrower.token);
    expectProblem(await approve(id, { method: 'penny-drop' }, borrower.token), 403);
    const role = await t.http
      .post('/api/admin/roles')
      .set(bearer(staff))
      .send({ name: 'Loan viewer', permissions: ['loans.view'] })
      .expect(201);
    await t.http
      .post('/api/admin/users')
      .set(bearer(staff))
      .send({ name: 'Loan Viewer', email: 'loan.viewer@test.local', password: 'staff-password-1', roleId: role.body.id })
      .expect(201);
    const viewer = (
      await t.http.post('/api/auth/login').send({ email: 'loan.viewer@test.local', password: 'staff-password-1' }).expect(200)
    ).body.token as string;
    const refused = expectProblem(await approve(id, { method: 'penny-drop' }, viewer), 403, 'missing-permission');
    expect(refused.detail).toMatch(/loans\.bank\.approve/);
    expect(await stateOf(t.http, staff, id)).toBe('bank.pending');
  });
});
