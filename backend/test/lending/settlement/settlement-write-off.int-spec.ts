import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { paymentSchema, transactionSchema } from '../../../src/lending/servicing/http/servicing.schemas.js';
import { settlementOfferSchema, writeOffSchema } from '../../../src/lending/settlement/http/settlement.schemas.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 13 item 5, settlement and write-off over HTTP on a real database, maker-checker: an offer made by one person
 * and approved by another, the borrower's payments reaching the agreed amount by validUntil settle the loan and the
 * rest is waived; a write-off asked for and approved by another, later payments recoveries. The loans are paid out
 * on 2026-11-21 (loanIn); the business date is set by hand (manual mode) so the dates are fixed.
 */
let t: TestApp;
let admin: string;
/** Operations manager: offers and approves settlements and write-offs (migration 0021). */
let checker: string;
/** Collections agent: offers settlements and asks for write-offs, approves neither. */
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
const offer = (loanId: string, token: string, body: object) =>
  t.http.post(`/api/admin/loans/${loanId}/settlement-offers`).set(bearer(token)).send(body);
const approveOffer = (offerId: string, token: string) => t.http.post(`/api/admin/settlement-offers/${offerId}/approve`).set(bearer(token));
const summaryState = async (loanId: string) =>
  (await sql<{ state: string }>`SELECT state FROM loan_summaries WHERE id = ${loanId}`.execute(t.runtime.db)).rows[0]!.state;

async function pay(loanId: string, amount: number, paidOn: string) {
  const recorded = await t.http
    .post(`/api/admin/loans/${loanId}/payments`)
    .set(bearer(admin))
    .send({ amount, paidOn, method: 'cash' })
    .expect(201);
  return paymentSchema.parse((await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200)).body);
}

beforeAll(async () => {
  t = await startTestApp('settlement', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  agent = await staffWithRole(t.http, admin, 'collections-agent');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  alice = await registerBorrower(t.http, 'Alice Settler');
  await setBusinessDate('2026-12-21');
});

afterAll(async () => {
  await t?.close();
});

describe('a settlement', () => {
  it('offered by one person, approved by another, settles the loan when the payments reach the amount; the rest is waived', async () => {
    const loan = await activeLoan();
    const made = offer(loan.id, checker, { amount: 5_000_000, validUntil: '2026-12-31', reason: 'Job loss; one-time settlement' });
    const pending = settlementOfferSchema.parse((await made.expect(201)).body);
    expect(pending).toMatchObject({ loanId: loan.id, amount: 5_000_000, validUntil: '2026-12-31', status: 'pending', approvedBy: null });

    const counts = await storeCounts(t);
    const same = expectProblem(await approveOffer(pending.id, checker), 403, 'same-person');
    expect(same.detail).toMatch(/someone else/);
    expectProblem(await approveOffer(pending.id, agent), 403, 'missing-permission');
    expect(await storeCounts(t)).toEqual(counts);

    const approved = settlementOfferSchema.parse((await approveOffer(pending.id, admin).expect(200)).body);
    expect(approved).toMatchObject({ status: 'approved', approvedBy: expect.any(String) });

    await pay(loan.id, 3_000_000, '2026-12-21');
    expect((await adminLoan(loan.id)).state).toBe('active');
    const owedBefore = (await adminLoan(loan.id)).outstanding!;
    await pay(loan.id, 2_000_000, '2026-12-21');

    const settled = await adminLoan(loan.id);
    expect(settled.state).toBe('settled');
    expect(settled.outstanding!.total).toBe(0);
    expect(await summaryState(loan.id)).toBe('settled');
    // The borrower sees it settled too.
    expect((await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(alice.token)).expect(200)).body).toMatchObject({ state: 'settled' });
    const [after] = await offers(loan.id);
    expect(after).toMatchObject({ id: pending.id, status: 'settled', amountPaid: 5_000_000, settledOn: '2026-12-21' });
    expect(after!.waived!.total).toBeGreaterThan(0);
    expect(after!.waived!.total).toBeLessThanOrEqual(owedBefore.total - 2_000_000);
    expect(after!.waived!.total).toBe(after!.waived!.principal + after!.waived!.interest + after!.waived!.fees + after!.waived!.penalties);

    const ledger = await transactions(loan.id);
    expect(ledger.map((l: { type: string }) => l.type)).toEqual(['disbursement', 'charge', 'repayment', 'repayment', 'settlement']);
    expect(ledger.at(-1)).toMatchObject({
      id: pending.id,
      date: '2026-12-21',
      amount: after!.waived!.total,
      principal: after!.waived!.principal,
      interest: after!.waived!.interest,
      balanceAfter: 0,
    });

    // A settled loan takes no further settlement or write-off.
    expectProblem(await offer(loan.id, checker, { amount: 100, validUntil: '2026-12-31', reason: 'again' }), 409, 'illegal-transition');
    expectProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/write-off`).set(bearer(agent)).send({ reason: 'x' }),
      409,
      'illegal-transition',
    );
  });

  it('refuses bad input with the fields named, appends nothing; one open offer at a time', async () => {
    const loan = await activeLoan();
    const { total } = (await adminLoan(loan.id)).outstanding!;
    const ok = { amount: 1_000_000, validUntil: '2026-12-31', reason: 'hardship' };
    const counts = await storeCounts(t);
    const above = expectProblem(await offer(loan.id, agent, { ...ok, amount: total + 1 }), 422, 'terms-refused');
    expect((above.fields as { name: string }[]).map((f) => f.name)).toEqual(['amount']);
    const past = expectProblem(await offer(loan.id, agent, { ...ok, validUntil: '2026-12-20' }), 422, 'terms-refused');
    expect((past.fields as { name: string }[]).map((f) => f.name)).toEqual(['validUntil']);
    expectFieldProblem(await offer(loan.id, agent, { ...ok, amount: 0 }), ['amount']);
    expectFieldProblem(await offer(loan.id, agent, { ...ok, amount: 10.5 }), ['amount']);
    expectFieldProblem(await offer(loan.id, agent, { ...ok, validUntil: 'soon' }), ['validUntil']);
    expectFieldProblem(await offer(loan.id, agent, { ...ok, reason: ' ' }), ['reason']);
    expectFieldProblem(await offer(loan.id, agent, { ...ok, extra: 1 }), ['extra']);
    expectFieldProblem(await t.http.post(`/api/admin/loans/${loan.id}/write-off`).set(bearer(agent)).send({}), ['reason']);
    expectProblem(await approveOffer(randomUUID(), checker), 404, 'offer-not-found');
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(checker)), 409, 'write-off-not-requested');
    expect(await storeCounts(t)).toEqual(counts);

    await offer(loan.id, agent, ok).expect(201);
    expectProblem(await offer(loan.id, agent, ok), 409, 'offer-open');
    const fresh = await loanIn(t.http, 'disbursal.pending', alice.token, admin);
    expectProblem(await offer(fresh.id, agent, ok), 409, 'illegal-transition');
  });

  it('an Idempotency-Key repeat answers the same offer and records nothing new', async () => {
    const loan = await activeLoan();
    const key = `offer-${randomUUID()}`;
    const body = { amount: 2_000_000, validUntil: '2026-12-31', reason: 'hardship' };
    const first = await t.http
      .post(`/api/admin/loans/${loan.id}/settlement-offers`)
      .set(bearer(agent))
      .set('Idempotency-Key', key)
      .send(body)
      .expect(201);
    const counts = await storeCounts(t);
    const again = await t.http
      .post(`/api/admin/loans/${loan.id}/settlement-offers`)
      .set(bearer(agent))
      .set('Idempotency-Key', key)
      .send(body)
      .expect(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await storeCounts(t)).toEqual(counts);
    expect(await offers(loan.id)).toHaveLength(1);
  });

  it('staff without the permission are refused, and a cross-site request with the cookie alone too', async () => {
    const loan = await activeLoan();
    const counts = await storeCounts(t);
    expectProblem(await offer(loan.id, viewer, { amount: 100, validUntil: '2026-12-31', reason: 'x' }), 403, 'missing-permission');
    expectProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/write-off`).set(bearer(viewer)).send({ reason: 'x' }),
      403,
      'missing-permission',
    );
    expectProblem(await offer(loan.id, alice.token, { amount: 100, validUntil: '2026-12-31', reason: 'x' }), 403, 'forbidden');
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token;
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    const evil = (path: string, body: object) => t.http.post(path).set('Cookie', cookie).set('Origin', 'https://evil.example').send(body);
    expectProblem(
      await evil(`/api/admin/loans/${loan.id}/settlement-offers`, { amount: 100, validUntil: '2026-12-31', reason: 'x' }),
      403,
      'csrf-refused',
    );
    expectProblem(await evil(`/api/admin/loans/${loan.id}/write-off`, { reason: 'x' }), 403, 'csrf-refused');
    expectProblem(await evil(`/api/admin/loans/${loan.id}/write-off/approve`, {}), 403, 'csrf-refused');
    expect(await storeCounts(t)).toEqual(counts);
  });
});

describe('a write-off', () => {
  it('asked for by one person and approved by another: writtenOff, everything owed off the books; a later payment is a recovery', async () => {
    const loan = await activeLoan();
    const asked = writeOffSchema.parse(
      (
        await t.http
          .post(`/api/admin/loans/${loan.id}/write-off`)
          .set(bearer(checker))
          .send({ reason: 'Borrower unreachable for 180 days' })
          .expect(201)
      ).body,
    );
    expect(asked).toMatchObject({ status: 'requested', reason: 'Borrower unreachable for 180 days', loanState: 'active' });
    const owed = (await adminLoan(loan.id)).outstanding!;

    const counts = await storeCounts(t);
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(checker)), 403, 'same-person');
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(agent)), 403, 'missing-permission');
    expect(await storeCounts(t)).toEqual(counts);

    const approved = writeOffSchema.parse(
      (await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(admin)).expect(200)).body,
    );
    expect(approved).toMatchObject({ status: 'approved', loanState: 'writtenOff', on: '2026-12-21', outstanding: owed });
    expect((await t.http.get(`/api/admin/loans/${loan.id}/write-off`).set(bearer(viewer)).expect(200)).body).toEqual(approved);
    expect(await summaryState(loan.id)).toBe('writtenOff');
    expect((await adminLoan(loan.id)).outstanding!.total).toBe(0);
    // Nothing is owed any more, but nothing was paid: every instalment reads closed by the write-off, none paid.
    expect((await adminLoan(loan.id)).instalments.map((i) => [i.status, i.closedOut, i.paidOn])).toEqual(
      (await adminLoan(loan.id)).instalments.map(() => ['closed', 'writeOff', '2026-12-21']),
    );
    expect((await transactions(loan.id)).at(-1)).toMatchObject({
      id: 'write-off',
      type: 'write-off',
      amount: owed.total,
      principal: owed.principal,
      interest: owed.interest,
      fees: owed.fees,
    });

    const recovery = await pay(loan.id, 1_500_000, '2026-12-21');
    expect(recovery.status).toBe('applied');
    const ledger = await transactions(loan.id);
    expect(ledger.at(-1)).toMatchObject({ type: 'recovery', amount: 1_500_000, principal: 0, interest: 0, paymentId: recovery.id });
    expect((await adminLoan(loan.id)).state).toBe('writtenOff');
    expect((await adminLoan(loan.id)).creditBalance).toBe(0);
    // A recovery is dated on or after the write-off.
    expectFieldProblem(
      await t.http
        .post(`/api/admin/loans/${loan.id}/payments`)
        .set(bearer(admin))
        .send({ amount: 100, paidOn: '2026-12-20', method: 'cash' }),
      ['paidOn'],
    );
    // A written-off loan takes no settlement and no second write-off.
    expectProblem(await offer(loan.id, checker, { amount: 100, validUntil: '2026-12-31', reason: 'x' }), 409, 'illegal-transition');
    await t.http.post(`/api/admin/loans/${loan.id}/write-off/approve`).set(bearer(admin)).expect(200);
  });
});

describe('after validUntil', () => {
  it('a payment does not settle the loan: the offer lapses', async () => {
    const loan = await activeLoan();
    const made = settlementOfferSchema.parse(
      (await offer(loan.id, agent, { amount: 4_000_000, validUntil: '2026-12-22', reason: 'hardship' }).expect(201)).body,
    );
    await approveOffer(made.id, checker).expect(200);
    await setBusinessDate('2026-12-23');
    await pay(loan.id, 4_000_000, '2026-12-23');
    expect((await adminLoan(loan.id)).state).toBe('active');
    expect((await offers(loan.id))[0]).toMatchObject({ id: made.id, status: 'lapsed', amountPaid: null });
    expect((await transactions(loan.id)).map((l: { type: string }) => l.type)).not.toContain('settlement');
  });

  it('the read models replay exactly (rebuild equals live)', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 2 });
    expect(report.tables).toEqual(expect.arrayContaining(['settlement_offers', 'loan_summaries', 'loan_transactions', 'loan_servicing']));
    expect(report.differences).toEqual([]);
  });

  it('the settled and writtenOff queues list those loans, and their counters agree', async () => {
    const queue = async (name: string) => {
      const res = await t.http
        .get('/api/admin/loans')
        .query({ filter: JSON.stringify({ queue: name }) })
        .set(bearer(viewer))
        .expect(200);
      return {
        states: (res.body as { state: string }[]).map((l) => l.state),
        total: Number(String(res.headers['content-range']).split('/')[1]),
      };
    };
    const settled = await queue('settled');
    const writtenOff = await queue('writtenOff');
    expect(settled.total).toBe(1);
    expect(settled.states).toEqual(['settled']);
    expect(writtenOff.total).toBe(1);
    expect(writtenOff.states).toEqual(['writtenOff']);
    const counts = (await t.http.get('/api/admin/loan-queues').set(bearer(viewer)).expect(200)).body;
    expect({ settled: counts.settled, writtenOff: counts.writtenOff }).toEqual({ settled: 1, writtenOff: 1 });
  });
});
