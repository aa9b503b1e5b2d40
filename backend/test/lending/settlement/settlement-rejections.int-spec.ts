import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { paymentSchema, transactionSchema } from '../../../src/lending/servicing/http/servicing.schemas.js';
import { settlementOfferSchema, writeOffSchema } from '../../../src/lending/settlement/http/settlement.schemas.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 13 item 5, the way out of a maker-checker decision over HTTP on a real database: the checker rejects a
 * pending settlement offer or write-off request (with a reason), the maker withdraws their own. The one who made it
 * cannot reject it, someone else cannot withdraw it, staff without the permission are refused, and each refusal
 * appends nothing. A rejected offer no longer settles the loan when its amount is paid; the read models replay
 * exactly. Loans are paid out on 2026-11-21 (loanIn); the business date is set by hand.
 */
let t: TestApp;
let admin: string;
/** Operations manager: offers, asks for write-offs, and approves or rejects both. */
let checker: string;
/** Collections agent: offers settlements and asks for write-offs, decides neither. */
let agent: string;
let viewer: string;
let alice: { token: string; user: { _id: string } };

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const activeLoan = (): Promise<LoanHandle> => loanIn(t.http, 'active', alice.token, admin);
const adminLoan = async (id: string) =>
  loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${id}`).set(bearer(admin)).expect(200)).body);
const transactions = async (loanId: string) =>
  (await t.http.get(`/api/admin/loans/${loanId}/transactions`).set(bearer(admin)).expect(200)).body.map((l: unknown) =>
    transactionSchema.parse(l),
  );
const offers = async (loanId: string) =>
  (await t.http.get(`/api/admin/loans/${loanId}/settlement-offers`).set(bearer(viewer)).expect(200)).body.map((o: unknown) =>
    settlementOfferSchema.parse(o),
  );
const offer = (loanId: string, token: string, body: object = { amount: 3_000_000, validUntil: '2026-12-31', reason: 'hardship' }) =>
  t.http.post(`/api/admin/loans/${loanId}/settlement-offers`).set(bearer(token)).send(body);
const rejectOffer = (offerId: string, token: string, body: object = { reason: 'Too low for the arrears' }) =>
  t.http.post(`/api/admin/settlement-offers/${offerId}/reject`).set(bearer(token)).send(body);
const withdrawOffer = (offerId: string, token: string) =>
  t.http.post(`/api/admin/settlement-offers/${offerId}/withdraw`).set(bearer(token));
const askWriteOff = (loanId: string, token: string) =>
  t.http.post(`/api/admin/loans/${loanId}/write-off`).set(bearer(token)).send({ reason: 'Borrower unreachable' });
const rejectWriteOff = (loanId: string, token: string, body: object = { reason: 'Recovery still likely' }) =>
  t.http.post(`/api/admin/loans/${loanId}/write-off/reject`).set(bearer(token)).send(body);
const withdrawWriteOff = (loanId: string, token: string) => t.http.post(`/api/admin/loans/${loanId}/write-off/withdraw`).set(bearer(token));
const writeOffNow = async (loanId: string) =>
  writeOffSchema.parse((await t.http.get(`/api/admin/loans/${loanId}/write-off`).set(bearer(viewer)).expect(200)).body);

async function pay(loanId: string, amount: number, paidOn: string) {
  const recorded = await t.http
    .post(`/api/admin/loans/${loanId}/payments`)
    .set(bearer(admin))
    .send({ amount, paidOn, method: 'cash' })
    .expect(201);
  return paymentSchema.parse((await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200)).body);
}

beforeAll(async () => {
  t = await startTestApp('settlement_rejections', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  agent = await staffWithRole(t.http, admin, 'collections-agent');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  alice = await registerBorrower(t.http, 'Alice Rejected');
  await setBusinessDate('2026-12-21');
});

afterAll(async () => {
  await t?.close();
});

describe('a settlement offer', () => {
  it('is rejected by a second person with a reason; its maker, a role without approval and a blank reason are refused, appending nothing', async () => {
    const loan = await activeLoan();
    const pending = settlementOfferSchema.parse((await offer(loan.id, checker).expect(201)).body);

    const counts = await storeCounts(t);
    expect(expectProblem(await rejectOffer(pending.id, checker), 403, 'same-person').detail as string).toMatch(/someone else/);
    expectProblem(await rejectOffer(pending.id, agent), 403, 'missing-permission');
    expectProblem(await rejectOffer(pending.id, viewer), 403, 'missing-permission');
    expectFieldProblem(await rejectOffer(pending.id, admin, { reason: '  ' }), ['reason']);
    expectFieldProblem(await rejectOffer(pending.id, admin, {}), ['reason']);
    expectProblem(await rejectOffer(randomUUID(), admin), 404);
    expect(await storeCounts(t)).toEqual(counts);

    const rejected = settlementOfferSchema.parse(
      (await rejectOffer(pending.id, admin, { reason: ' Too low for the arrears ' }).expect(200)).body,
    );
    expect(rejected).toMatchObject({
      id: pending.id,
      status: 'rejected',
      closedBy: expect.any(String),
      closeReason: 'Too low for the arrears',
      closedAt: expect.any(String),
    });
    expect(rejected.closedBy).not.toBe(pending.offeredBy);
    // A repeat appends nothing; the rejected offer can no longer be approved or withdrawn.
    const afterReject = await storeCounts(t);
    await rejectOffer(pending.id, admin).expect(200);
    expect(await storeCounts(t)).toEqual(afterReject);
    expectProblem(await t.http.post(`/api/admin/settlement-offers/${pending.id}/approve`).set(bearer(admin)), 409);
    expectProblem(await withdrawOffer(pending.id, checker), 409);
    expect(await storeCounts(t)).toEqual(afterReject);
  });

  it('once rejected, no longer settles the loan when its amount is paid', async () => {
    const loan = await activeLoan();
    const pending = settlementOfferSchema.parse((await offer(loan.id, agent).expect(201)).body);
    await rejectOffer(pending.id, checker).expect(200);
    await pay(loan.id, 3_000_000, '2026-12-21');
    const after = await adminLoan(loan.id);
    expect(after.state).toBe('active');
    expect(after.outstanding!.total).toBeGreaterThan(0);
    expect((await offers(loan.id))[0]).toMatchObject({ id: pending.id, status: 'rejected', amountPaid: null, settledOn: null });
    expect((await transactions(loan.id)).map((l: { type: string }) => l.type)).not.toContain('settlement');
    // A new offer may be made after a rejection.
    await offer(loan.id, agent, { amount: 1_000_000, validUntil: '2026-12-31', reason: 'second try' }).expect(201);
  });

  it('is withdrawn by its maker alone; someone else is refused; a new offer may follow', async () => {
    const loan = await activeLoan();
    const pending = settlementOfferSchema.parse((await offer(loan.id, agent).expect(201)).body);

    const counts = await storeCounts(t);
    expectProblem(await withdrawOffer(pending.id, checker), 403);
    expectProblem(await withdrawOffer(pending.id, admin), 403);
    expectProblem(await withdrawOffer(pending.id, viewer), 403, 'missing-permission');
    expectProblem(await withdrawOffer(pending.id, alice.token), 403, 'forbidden');
    expect(await storeCounts(t)).toEqual(counts);

    const withdrawn = settlementOfferSchema.parse((await withdrawOffer(pending.id, agent).expect(200)).body);
    expect(withdrawn).toMatchObject({ id: pending.id, status: 'withdrawn', closedBy: pending.offeredBy, closeReason: null });
    expectProblem(await t.http.post(`/api/admin/settlement-offers/${pending.id}/approve`).set(bearer(checker)), 409);
    expectProblem(await rejectOffer(pending.id, checker), 409);
    // The next payment of the amount does not settle either.
    await pay(loan.id, 3_000_000, '2026-12-21');
    expect((await adminLoan(loan.id)).state).toBe('active');
    await offer(loan.id, agent, { amount: 1_000_000, validUntil: '2026-12-31', reason: 'second try' }).expect(201);
    expect((await offers(loan.id)).map((o: { status: string }) => o.status)).toEqual(['withdrawn', 'pending']);
  });
});

describe('a write-off request', () => {
  it('is rejected by a second person with a reason; the one who asked and a role without approval are refused; the loan stays active', async () => {
    const loan = await activeLoan();
    await askWriteOff(loan.id, agent).expect(201);

    const counts = await storeCounts(t);
    expectProblem(await rejectWriteOff(loan.id, agent), 403, 'missing-permission');
    expectProblem(await rejectWriteOff(loan.id, viewer), 403, 'missing-permission');
    expectFieldProblem(await rejectWriteOff(loan.id, checker, { reason: '' }), ['reason']);
    expect(await storeCounts(t)).toEqual(counts);

    const rejected = writeOffSchema.parse((await rejectWriteOff(loan.id, checker).expect(200)).body);
    expect(rejected).toMatchObject({
      status: 'rejected',
      loanState: 'active',
      rejectReason: 'Recovery still likely',
      rejectedBy: expect.any(String),
    });
    expect(await writeOffNow(loan.id)).toEqual(rejected);
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(checker)), 409, 'write-off-not-requested');
    expectProblem(await withdrawWriteOff(loan.id, agent), 409, 'write-off-not-requested');
    expect((await adminLoan(loan.id)).state).toBe('active');

    // Asked again by the checker: the checker cannot reject their own request.
    await askWriteOff(loan.id, checker).expect(201);
    const before = await storeCounts(t);
    expectProblem(await rejectWriteOff(loan.id, checker), 403, 'same-person');
    expect(await storeCounts(t)).toEqual(before);
  });

  it('is withdrawn by the one who asked alone; a new request may follow and be approved', async () => {
    const loan = await activeLoan();
    const asked = writeOffSchema.parse((await askWriteOff(loan.id, agent).expect(201)).body);

    const counts = await storeCounts(t);
    expectProblem(await withdrawWriteOff(loan.id, checker), 403);
    expectProblem(await withdrawWriteOff(loan.id, admin), 403);
    expectProblem(await withdrawWriteOff(loan.id, viewer), 403, 'missing-permission');
    expectProblem(await withdrawWriteOff(loan.id, alice.token), 403, 'forbidden');
    expect(await storeCounts(t)).toEqual(counts);

    const withdrawn = writeOffSchema.parse((await withdrawWriteOff(loan.id, agent).expect(200)).body);
    expect(withdrawn).toMatchObject({
      status: 'withdrawn',
      loanState: 'active',
      withdrawnBy: asked.requestedBy,
      withdrawnAt: expect.any(String),
      requestedBy: asked.requestedBy,
    });
    const afterWithdraw = await storeCounts(t);
    await withdrawWriteOff(loan.id, agent).expect(200);
    expect(await storeCounts(t)).toEqual(afterWithdraw);
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(checker)), 409, 'write-off-not-requested');
    expectProblem(await rejectWriteOff(loan.id, checker), 409, 'write-off-not-requested');

    await askWriteOff(loan.id, agent).expect(201);
    const approved = writeOffSchema.parse(
      (await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(checker)).expect(200)).body,
    );
    expect(approved).toMatchObject({ status: 'approved', loanState: 'writtenOff', withdrawnBy: null });
  });

  it('a cross-site request with the cookie alone is refused for every rejection and withdrawal', async () => {
    const loan = await activeLoan();
    const pending = settlementOfferSchema.parse((await offer(loan.id, admin).expect(201)).body);
    await askWriteOff(loan.id, admin).expect(201);
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token;
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    const evil = (path: string, body: object) => t.http.post(path).set('Cookie', cookie).set('Origin', 'https://evil.example').send(body);
    const counts = await storeCounts(t);
    expectProblem(await evil(`/api/admin/settlement-offers/${pending.id}/reject`, { reason: 'x' }), 403, 'csrf-refused');
    expectProblem(await evil(`/api/admin/settlement-offers/${pending.id}/withdraw`, {}), 403, 'csrf-refused');
    expectProblem(await evil(`/api/admin/loans/${loan.id}/write-off/reject`, { reason: 'x' }), 403, 'csrf-refused');
    expectProblem(await evil(`/api/admin/loans/${loan.id}/write-off/withdraw`, {}), 403, 'csrf-refused');
    expect(await storeCounts(t)).toEqual(counts);
  });
});

describe('the read models', () => {
  it('replay exactly after rejections and withdrawals (rebuild equals live)', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 2 });
    expect(report.tables).toEqual(expect.arrayContaining(['settlement_offers', 'loan_summaries', 'loan_transactions', 'loan_servicing']));
    expect(report.differences).toEqual([]);
  });
});
