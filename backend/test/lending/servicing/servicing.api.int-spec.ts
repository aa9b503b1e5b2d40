import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { DEVELOPMENT_PAYMENT_WEBHOOK_SECRET } from '../../../src/platform/config/config.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { signWebhook } from '../../../src/platform/webhooks/webhook-signature.js';
import { loanDetailSchema, myLoanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import {
  foreclosureQuoteSchema,
  myPaymentSchema,
  paymentSchema,
  transactionSchema,
} from '../../../src/lending/servicing/http/servicing.schemas.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 12, servicing over HTTP on a real database: offline payments with maker-checker, online payments through
 * the sandbox provider and its signed webhook, back-dated payments, reversals, foreclosure and closure, credit
 * balance refunds, and the read models replaying exactly. The loans are paid out on 2026-11-21 (loanIn); the
 * business date is set by hand (manual mode) so the dates are fixed.
 */
let t: TestApp;
let admin: string;
let checker: string;
let alice: { token: string; user: { _id: string } };
let bob: { token: string; user: { _id: string } };

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const activeLoan = (): Promise<LoanHandle> => loanIn(t.http, 'active', alice.token, admin);
const adminLoan = async (id: string) =>
  loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${id}`).set(bearer(admin)).expect(200)).body);

async function record(loanId: string, amount: number, paidOn: string, method = 'cash', reference = '') {
  const res = await t.http.post(`/api/admin/loans/${loanId}/payments`).set(bearer(admin)).send({ amount, paidOn, method, reference });
  expect({ status: res.status, body: res.body }).toEqual({ status: 201, body: expect.objectContaining({ status: 'pending' }) });
  return paymentSchema.parse(res.body);
}
async function recordAndVerify(loanId: string, amount: number, paidOn: string) {
  const payment = await record(loanId, amount, paidOn);
  return paymentSchema.parse((await t.http.post(`/api/admin/payments/${payment.id}/verify`).set(bearer(checker)).expect(200)).body);
}
const transactions = async (loanId: string) =>
  (await t.http.get(`/api/admin/loans/${loanId}/transactions`).set(bearer(admin)).expect(200)).body.map((l: unknown) =>
    transactionSchema.parse(l),
  );

function sendWebhook(body: object, signature?: string) {
  const raw = JSON.stringify(body);
  const req = t.http.post('/api/payments/webhooks/sandbox').set('Content-Type', 'application/json');
  if (signature !== undefined) req.set('X-Signature', signature);
  return req.send(raw);
}
const signed = (body: object) => sendWebhook(body, signWebhook(JSON.stringify(body), DEVELOPMENT_PAYMENT_WEBHOOK_SECRET));

beforeAll(async () => {
  t = await startTestApp('servicing', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  // An operations manager holds payments.record and payments.verify (migration 0015): the second person.
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  alice = await registerBorrower(t.http, 'Alice Payer');
  bob = await registerBorrower(t.http, 'Bob Other');
  await setBusinessDate('2026-12-21');
});

afterAll(async () => {
  await t?.close();
});

describe('an offline payment, maker and checker', () => {
  it('is recorded pending, refused to its recorder, applied by a second person and shown on the loan', async () => {
    const loan = await activeLoan();
    const before = await adminLoan(loan.id);
    expect(before.instalments).toHaveLength(12);
    // The business date is its due date: it reads due (issue 27: status follows the business date).
    expect(before.instalments[0]).toMatchObject({ number: 1, dueDate: '2026-12-21', status: 'due', paidPrincipal: 0 });
    const first = before.instalments[0]!;
    const due = first.principal + first.interest + first.fees;
    expect(before.outstanding!.principal).toBe(10_000_000);

    const payment = await record(loan.id, due, '2026-12-21', 'upi', 'UTR-1');
    const list = await t.http
      .get('/api/admin/payments')
      .query({ filter: JSON.stringify({ status: 'pending', loanId: loan.id }) })
      .set(bearer(admin))
      .expect(200);
    expect(list.headers['content-range']).toBe('payments 0-0/1');
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([payment.id]);

    const counts = await storeCounts(t);
    const same = expectProblem(await t.http.post(`/api/admin/payments/${payment.id}/verify`).set(bearer(admin)), 403, 'same-person');
    expect(same.detail).toMatch(/someone else/);
    expect(await storeCounts(t)).toEqual(counts);

    const verified = paymentSchema.parse(
      (await t.http.post(`/api/admin/payments/${payment.id}/verify`).set(bearer(checker)).expect(200)).body,
    );
    expect(verified).toMatchObject({ status: 'applied', paidOn: '2026-12-21', verifiedBy: expect.any(String) });
    const after = await adminLoan(loan.id);
    expect(after.instalments[0]).toMatchObject({
      status: 'paid',
      paidOn: '2026-12-21',
      paidPrincipal: first.principal,
      paidInterest: first.interest,
      paidFees: first.fees,
    });
    expect(after.outstanding!.principal).toBe(10_000_000 - first.principal);
    const ledger = await transactions(loan.id);
    expect(ledger.map((l: { type: string }) => l.type)).toEqual(['disbursement', 'charge', 'repayment']);
    expect(ledger[2]).toMatchObject({
      paymentId: payment.id,
      amount: due,
      principal: first.principal,
      interest: first.interest,
      fees: first.fees,
    });
    // Verified twice: applied once.
    await t.http.post(`/api/admin/payments/${payment.id}/verify`).set(bearer(checker)).expect(200);
    expect(await transactions(loan.id)).toHaveLength(3);
  });

  it('refuses bad input, each a problem naming its field, and appends nothing', async () => {
    const loan = await activeLoan();
    const fresh = await loanIn(t.http, 'new', alice.token, admin);
    const counts = await storeCounts(t);
    const post = (id: string, body: object) => t.http.post(`/api/admin/loans/${id}/payments`).set(bearer(admin)).send(body);
    const ok = { amount: 100_00, paidOn: '2026-12-01', method: 'cash' };
    expectFieldProblem(await post(loan.id, { ...ok, amount: 0 }), ['amount']);
    expectFieldProblem(await post(loan.id, { ...ok, amount: -100 }), ['amount']);
    expectFieldProblem(await post(loan.id, { ...ok, amount: 10.5 }), ['amount']);
    const late = expectFieldProblem(await post(loan.id, { ...ok, paidOn: '2026-12-22' }), ['paidOn']);
    expect(late[0]!.message).toMatch(/business date \(2026-12-21\)/);
    expectFieldProblem(await post(loan.id, { ...ok, method: 'gold' }), ['method']);
    expectFieldProblem(await post(loan.id, { ...ok, method: 'cheque' }), ['reference']);
    expectFieldProblem(await post(loan.id, { ...ok, extra: 1 }), ['extra']);
    const notActive = expectProblem(await post(fresh.id, ok), 409, 'illegal-transition');
    expect(notActive.detail).toMatch(/record-payment a loan in state new/);
    expectProblem(
      await t.http.post(`/api/me/loans/${fresh.id}/payments`).set(bearer(alice.token)).send({ amount: 100 }),
      409,
      'illegal-transition',
    );
    expectFieldProblem(await t.http.post(`/api/me/loans/${loan.id}/payments`).set(bearer(alice.token)).send({ amount: 0 }), ['amount']);
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('a rejected payment is never applied', async () => {
    const loan = await activeLoan();
    const payment = await record(loan.id, 5_000_00, '2026-12-01');
    const rejected = (
      await t.http.post(`/api/admin/payments/${payment.id}/reject`).set(bearer(checker)).send({ reason: 'no such deposit' }).expect(200)
    ).body;
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'no such deposit' });
    expectProblem(await t.http.post(`/api/admin/payments/${payment.id}/verify`).set(bearer(checker)), 409, 'wrong-status');
    expect((await adminLoan(loan.id)).outstanding!.principal).toBe(10_000_000);
  });
});

describe('cross-site', () => {
  it('a payment recorded with the staff cookie alone from another site is refused and changes nothing', async () => {
    const loan = await activeLoan();
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token;
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    const counts = await storeCounts(t);
    const body = { amount: 1_000_00, paidOn: '2026-12-01', method: 'cash' };
    expectProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/payments`).set('Cookie', cookie).set('Origin', 'https://evil.example').send(body),
      403,
      'csrf-refused',
    );
    expectProblem(
      await t.http
        .post(`/api/me/loans/${loan.id}/payments`)
        .set('Cookie', cookie)
        .set('Origin', 'https://evil.example')
        .send({ amount: 100 }),
      403,
      'csrf-refused',
    );
    expect(await storeCounts(t)).toEqual(counts);
  });
});

describe('a back-dated payment and a reversal', () => {
  it('re-allocate every later payment from their value date', async () => {
    const loan = await activeLoan();
    const { instalments } = await adminLoan(loan.id);
    const first = instalments[0]!;
    // A part payment on the due date leaves instalment 1 partial; its interest and fee come first.
    const later = await recordAndVerify(loan.id, 5_000_00, '2026-12-21');
    const partial = (await adminLoan(loan.id)).instalments[0]!;
    expect(partial.status).toBe('partial');
    expect(partial.paidInterest).toBe(first.interest);
    const laterLine = () =>
      transactions(loan.id).then((ls) =>
        ls.find((l: { paymentId: string | null; type: string }) => l.paymentId === later.id && l.type === 'repayment'),
      );
    const before = await laterLine();

    // A payment made on 1 Dec, recorded only now, comes before it: the later one is allocated again after it.
    const backDated = await recordAndVerify(loan.id, first.principal + first.interest + first.fees - 4_000_00, '2026-12-01');
    const ledger = await transactions(loan.id);
    expect(ledger.filter((l: { type: string }) => l.type === 'repayment').map((l: { paymentId: string }) => l.paymentId)).toEqual([
      backDated.id,
      later.id,
    ]);
    const after = await laterLine();
    expect(after.principal).toBeGreaterThan(before.principal);
    expect((await adminLoan(loan.id)).instalments[0]!.status).toBe('paid');

    // The back-dated one is reversed (maker, then checker): the later payment is allocated as at first.
    const asked = (
      await t.http.post(`/api/admin/payments/${backDated.id}/reverse`).set(bearer(admin)).send({ reason: 'cheque bounced' }).expect(200)
    ).body;
    expect(asked).toMatchObject({ status: 'applied', reversalRequestedBy: expect.any(String), reversalReason: 'cheque bounced' });
    expectProblem(await t.http.post(`/api/admin/payments/${backDated.id}/reverse/approve`).set(bearer(admin)), 403, 'same-person');
    const reversed = (await t.http.post(`/api/admin/payments/${backDated.id}/reverse/approve`).set(bearer(checker)).expect(200)).body;
    expect(reversed).toMatchObject({ status: 'reversed', reversedOn: '2026-12-21' });
    expect(await laterLine()).toEqual(before);
    expect((await adminLoan(loan.id)).instalments[0]).toMatchObject({
      status: 'partial',
      paidInterest: partial.paidInterest,
      paidPrincipal: partial.paidPrincipal,
    });
    expect((await transactions(loan.id)).map((l: { type: string }) => l.type)).toContain('reversal');
  });
});

describe('a back-dated payment on a long loan', () => {
  it('re-allocates 23 instalments paid on their due dates after a payment dated before 22 of them', async () => {
    const loan = await loanIn(t.http, 'disbursal.pending', alice.token, admin, { type: 'EMI', amount: 50_000_000, tenureMonths: 36 });
    await t.http
      .post(`/api/admin/loans/${loan.id}/disburse`)
      .set(bearer(admin))
      .send({ payoutReference: 'UTR-LONG-1', disbursedOn: '2024-11-23' })
      .expect(200);
    const schedule = (await adminLoan(loan.id)).instalments;
    expect(schedule).toHaveLength(36);
    for (const line of schedule.slice(0, 23))
      await recordAndVerify(loan.id, line.principal + line.interest + line.fees + line.penalties, line.dueDate);
    const before = await adminLoan(loan.id);
    expect(before.instalments.slice(0, 23).every((l) => l.status === 'paid')).toBe(true);

    const late = await recordAndVerify(loan.id, 2_000_000, '2025-01-20');
    expect(late.status).toBe('applied');
    const after = await adminLoan(loan.id);
    // The late money paid instalment 2 ahead and prepaid the rest; every later payment re-allocated from there (the
    // ones on a due date already paid now prepay principal): the loan owes more than the 20,000.00 less.
    expect(after.outstanding!.total).toBeLessThan(before.outstanding!.total);
    expect(after.instalments.filter((l) => l.status === 'paid').length).toBeGreaterThanOrEqual(23);
    expect(before.outstanding!.total - after.outstanding!.total).toBeGreaterThan(1_900_000);
    const ledger = await transactions(loan.id);
    expect(ledger.filter((l: { type: string }) => l.type === 'repayment')).toHaveLength(24);
  });

  it('takes two payments on the day of disbursal (the second prepays again)', async () => {
    const loan = await loanIn(t.http, 'disbursal.pending', alice.token, admin);
    await t.http
      .post(`/api/admin/loans/${loan.id}/disburse`)
      .set(bearer(admin))
      .send({ payoutReference: 'UTR-SAME-DAY', disbursedOn: '2026-12-21' })
      .expect(200);
    await recordAndVerify(loan.id, 500_000, '2026-12-21');
    expect((await recordAndVerify(loan.id, 100_000, '2026-12-21')).status).toBe('applied');
    const after = await adminLoan(loan.id);
    expect(after.outstanding!.principal).toBeLessThan(10_000_000);
  });
});

describe('an online payment through the sandbox provider', () => {
  it('goes from created to applied through the sandbox page and its signed webhook', async () => {
    const loan = await activeLoan();
    const created = await t.http.post(`/api/me/loans/${loan.id}/payments`).set(bearer(alice.token)).send({ amount: 2_000_00 }).expect(201);
    expect(created.body).toEqual({
      paymentId: expect.any(String),
      status: 'created',
      redirectUrl: `/api/payments/sandbox/${created.body.paymentId}`,
    });
    const { paymentId } = created.body;

    const page = await t.http.get(`/api/payments/sandbox/${paymentId}`).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(page.text).toContain(`action="/api/payments/sandbox/${paymentId}/pay"`);
    expect(page.text).toMatch(/<button type="submit"[^>]*>Pay /);

    const mine = () =>
      t.http
        .get(`/api/me/payments/${paymentId}`)
        .set(bearer(alice.token))
        .expect(200)
        .then((r) => myPaymentSchema.parse(r.body));
    expect(await mine()).toMatchObject({ status: 'created', final: false, amount: 2_000_00 });
    const pay = await t.http.post(`/api/payments/sandbox/${paymentId}/pay`).expect(303);
    expect(pay.headers.location).toBe(`/User/Loans/verifypayment?paymentId=${paymentId}`);
    expect(await mine()).toMatchObject({ status: 'applied', final: true, paidOn: '2026-12-21' });
    const detail = myLoanDetailSchema.parse((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(alice.token)).expect(200)).body);
    expect(detail.instalments[0]!.status).toBe('partial');
    expect((await t.http.get(`/api/me/loans/${loan.id}/transactions`).set(bearer(alice.token)).expect(200)).body.at(-1)).toMatchObject({
      type: 'repayment',
      paymentId,
      amount: 2_000_00,
    });

    // The provider delivers the same webhook again: applied once.
    const counts = await storeCounts(t);
    const again = await signed({ paymentId, status: 'captured', amount: 2_000_00, providerReference: 'pay_again' }).expect(200);
    expect(again.body).toEqual({ received: true, paymentId, status: 'applied' });
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('a webhook with a missing or wrong signature is 401 and changes nothing', async () => {
    const loan = await activeLoan();
    const { paymentId } = (
      await t.http.post(`/api/me/loans/${loan.id}/payments`).set(bearer(alice.token)).send({ amount: 1_000_00 }).expect(201)
    ).body;
    const body = { paymentId, status: 'captured', amount: 1_000_00, providerReference: 'pay_x' };
    const counts = await storeCounts(t);
    expectProblem(await sendWebhook(body), 401, 'invalid-signature');
    expectProblem(await sendWebhook(body, signWebhook(JSON.stringify(body), 'another-secret-of-16+')), 401, 'invalid-signature');
    expectProblem(
      await sendWebhook(body, `${signWebhook(JSON.stringify(body), DEVELOPMENT_PAYMENT_WEBHOOK_SECRET)}0`),
      401,
      'invalid-signature',
    );
    // Signed for a different body (the amount changed on the way).
    expectProblem(
      await sendWebhook({ ...body, amount: 1 }, signWebhook(JSON.stringify(body), DEVELOPMENT_PAYMENT_WEBHOOK_SECRET)),
      401,
      'invalid-signature',
    );
    expect(await storeCounts(t)).toEqual(counts);
    expect((await t.http.get(`/api/me/payments/${paymentId}`).set(bearer(alice.token)).expect(200)).body.status).toBe('created');
  });

  it('a captured amount other than the order is flagged for staff, never applied', async () => {
    const loan = await activeLoan();
    const { paymentId } = (
      await t.http.post(`/api/me/loans/${loan.id}/payments`).set(bearer(alice.token)).send({ amount: 1_000_00 }).expect(201)
    ).body;
    const res = await signed({ paymentId, status: 'captured', amount: 999_00, providerReference: 'pay_short' }).expect(200);
    expect(res.body.status).toBe('mismatched');
    const staffView = paymentSchema.parse((await t.http.get(`/api/admin/payments/${paymentId}`).set(bearer(admin)).expect(200)).body);
    expect(staffView).toMatchObject({
      status: 'mismatched',
      flagged: true,
      amount: 1_000_00,
      capturedAmount: 999_00,
      providerReference: 'pay_short',
    });
    expect((await adminLoan(loan.id)).outstanding!.principal).toBe(10_000_000);
    expect((await transactions(loan.id)).filter((l: { type: string }) => l.type === 'repayment')).toEqual([]);
  });

  it('a failure is final; another borrower sees nothing of it', async () => {
    const loan = await activeLoan();
    const { paymentId } = (
      await t.http.post(`/api/me/loans/${loan.id}/payments`).set(bearer(alice.token)).send({ amount: 1_000_00 }).expect(201)
    ).body;
    await t.http.post(`/api/payments/sandbox/${paymentId}/fail`).expect(303);
    expect((await t.http.get(`/api/me/payments/${paymentId}`).set(bearer(alice.token)).expect(200)).body).toMatchObject({
      status: 'failed',
      final: true,
    });
    const counts = await storeCounts(t);
    const hidden = expectProblem(await t.http.get(`/api/me/payments/${paymentId}`).set(bearer(bob.token)), 404, 'not-found');
    const ghost = expectProblem(await t.http.get(`/api/me/payments/${randomUUID()}`).set(bearer(bob.token)), 404, 'not-found');
    expect(Object.keys(hidden).sort()).toEqual(Object.keys(ghost).sort());
    expectProblem(await t.http.post(`/api/me/loans/${loan.id}/payments`).set(bearer(bob.token)).send({ amount: 100 }), 404, 'not-found');
    expectProblem(await t.http.get(`/api/me/loans/${loan.id}/transactions`).set(bearer(bob.token)), 404, 'not-found');
    expectProblem(await t.http.get(`/api/me/loans/${loan.id}/foreclosure-quote`).set(bearer(bob.token)), 404, 'not-found');
    expect(await storeCounts(t)).toEqual(counts);
  });
});

describe('foreclosure, closure and the credit balance', () => {
  it('paying the quote closes the loan; it leaves the active queue for the closed one', async () => {
    const loan = await activeLoan();
    const quote = foreclosureQuoteSchema.parse(
      (await t.http.get(`/api/admin/loans/${loan.id}/foreclosure-quote`).query({ date: '2026-12-10' }).set(bearer(admin)).expect(200)).body,
    );
    expect(quote.date).toBe('2026-12-10');
    expect(quote.principal).toBe(10_000_000);
    expect(quote.total).toBe(quote.principal + quote.interest + quote.fees + quote.penalties);
    expect((await t.http.get(`/api/me/loans/${loan.id}/foreclosure-quote`).set(bearer(alice.token)).expect(200)).body.date).toBe(
      '2026-12-21',
    );
    expectFieldProblem(await t.http.get(`/api/admin/loans/${loan.id}/foreclosure-quote`).query({ date: '2026-13-01' }).set(bearer(admin)), [
      'date',
    ]);

    await recordAndVerify(loan.id, quote.total, '2026-12-10');
    const closed = await adminLoan(loan.id);
    expect(closed).toMatchObject({
      state: 'closed',
      closedOn: '2026-12-10',
      outstanding: { principal: 0, interest: 0, fees: 0, penalties: 0, total: 0 },
      creditBalance: 0,
    });
    const queue = await t.http
      .get('/api/admin/loans')
      .query({ filter: JSON.stringify({ queue: 'closed' }) })
      .set(bearer(admin))
      .expect(200);
    expect(queue.body.map((l: { id: string }) => l.id)).toContain(loan.id);
    expect((await t.http.get('/api/admin/loan-queues').set(bearer(admin)).expect(200)).body.closed).toBeGreaterThanOrEqual(1);
    expectProblem(
      await t.http
        .post(`/api/admin/loans/${loan.id}/payments`)
        .set(bearer(admin))
        .send({ amount: 100, paidOn: '2026-12-21', method: 'cash' }),
      409,
      'illegal-transition',
    );
  });

  it('an overpayment is held as credit balance and refunded only by maker and checker', async () => {
    const loan = await activeLoan();
    const quote = (await t.http.get(`/api/admin/loans/${loan.id}/foreclosure-quote`).set(bearer(admin)).expect(200)).body;
    await recordAndVerify(loan.id, quote.total + 1_234_00, '2026-12-21');
    expect(await adminLoan(loan.id)).toMatchObject({ state: 'closed', creditBalance: 1_234_00 });

    expectFieldProblem(await t.http.post(`/api/admin/loans/${loan.id}/refunds`).set(bearer(admin)).send({ amount: 1_234_01 }), ['amount']);
    const refund = (await t.http.post(`/api/admin/loans/${loan.id}/refunds`).set(bearer(admin)).send({ amount: 1_234_00 }).expect(201))
      .body;
    expect(refund).toMatchObject({ loanId: loan.id, amount: 1_234_00, status: 'requested' });
    expect((await adminLoan(loan.id)).refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'requested' })]);
    const counts = await storeCounts(t);
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/refunds/${refund.id}/approve`).set(bearer(admin)), 403, 'same-person');
    expect(await storeCounts(t)).toEqual(counts);
    const approved = (await t.http.post(`/api/admin/loans/${loan.id}/refunds/${refund.id}/approve`).set(bearer(checker)).expect(200)).body;
    expect(approved.status).toBe('refunded');
    expect(await adminLoan(loan.id)).toMatchObject({ state: 'closed', creditBalance: 0 });
    expect((await transactions(loan.id)).at(-1)).toMatchObject({ type: 'refund', amount: 1_234_00 });
  });

  it('a reversal of the closing payment reopens the loan (closed -> active)', async () => {
    const loan = await activeLoan();
    const quote = (await t.http.get(`/api/admin/loans/${loan.id}/foreclosure-quote`).set(bearer(admin)).expect(200)).body;
    const payment = await recordAndVerify(loan.id, quote.total, '2026-12-21');
    expect((await adminLoan(loan.id)).state).toBe('closed');
    await t.http.post(`/api/admin/payments/${payment.id}/reverse`).set(bearer(admin)).send({ reason: 'cheque bounced' }).expect(200);
    await t.http.post(`/api/admin/payments/${payment.id}/reverse/approve`).set(bearer(checker)).expect(200);
    expect(await adminLoan(loan.id)).toMatchObject({ state: 'active', closedOn: null, outstanding: { principal: 10_000_000 } });
    const history = (await t.http.get(`/api/admin/loans/${loan.id}/history`).set(bearer(admin)).expect(200)).body as {
      type: string;
      stateAfter: string;
    }[];
    expect(history.slice(-2).map((h) => [h.type, h.stateAfter])).toEqual([
      ['RepaymentReversed', 'closed'],
      ['LoanReopened', 'active'],
    ]);
  });
});

describe('statement and read models', () => {
  it('the statement PDF is served to the borrower and staff', async () => {
    const loan = await activeLoan();
    await recordAndVerify(loan.id, 3_000_00, '2026-12-05');
    for (const [path, token] of [
      [`/api/me/loans/${loan.id}/statement.pdf`, alice.token],
      [`/api/admin/loans/${loan.id}/statement.pdf`, admin],
    ] as const) {
      const res = await t.http
        .get(path)
        .set(bearer(token))
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expectProblem(await t.http.get(`/api/me/loans/${loan.id}/statement.pdf`).set(bearer(bob.token)), 404, 'not-found');
  });

  it('a rebuild of every read model equals the live tables (projections:verify is clean)', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
    expect(report.tables).toEqual(expect.arrayContaining(['payments', 'loan_servicing', 'loan_instalments', 'loan_transactions']));
    expect(report.differences).toEqual([]);
    const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM loan_instalments`.execute(t.runtime.db);
    expect(Number(rows.rows[0]!.n)).toBeGreaterThan(0);
  });
});
