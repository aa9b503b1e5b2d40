import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { loanDetailSchema, myLoanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { paymentPreviewSchema, paymentSchema } from '../../../src/lending/servicing/http/servicing.schemas.js';
import { runPendingRebuilds } from '../../../src/platform/projections/pending-rebuilds.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { bearer, expectFieldProblem, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 27 items 1 and 2 over HTTP: the confirmed case (on the day of disbursal the borrower pays the instalment the
 * portal offered and staff record one more EMI: on the next due dates nothing is due or overdue), instalment status by
 * business date, "pay extra to reduce principal" with its preview carried on the payment's events, and the read models
 * replaying exactly. Loans are paid out on 2026-11-21 (loanIn); the business date is moved by hand.
 */
let t: TestApp;
let admin: string;
let checker: string;
let viewer: string;
let alice: { token: string; user: { _id: string } };
let bob: { token: string; user: { _id: string } };

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const myLoan = async (id: string) =>
  myLoanDetailSchema.parse((await t.http.get(`/api/me/loans/${id}`).set(bearer(alice.token)).expect(200)).body);
const adminLoan = async (id: string) =>
  loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${id}`).set(bearer(admin)).expect(200)).body);
const total = (i: { principal: number; interest: number; fees: number; penalties: number }) =>
  i.principal + i.interest + i.fees + i.penalties;

async function recordAndVerify(loanId: string, body: object) {
  const recorded = await t.http.post(`/api/admin/loans/${loanId}/payments`).set(bearer(admin)).send(body).expect(201);
  return paymentSchema.parse((await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200)).body);
}

async function payOnline(loanId: string, amount: number) {
  const created = await t.http.post(`/api/me/loans/${loanId}/payments`).set(bearer(alice.token)).send({ amount }).expect(201);
  await t.http.post(`/api/payments/sandbox/${created.body.paymentId}/pay`).expect(303);
}

beforeAll(async () => {
  t = await startTestApp('early-payments', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  alice = await registerBorrower(t.http, 'Alice Early');
  bob = await registerBorrower(t.http, 'Bob Other');
  await setBusinessDate('2026-11-21');
});

afterAll(async () => {
  await t?.close();
});

describe('the confirmed case: two instalments paid on the day of disbursal', () => {
  let loan: LoanHandle;

  it('on the day of disbursal nothing is due: "Due now" is 0 and instalment 1 is upcoming', async () => {
    loan = await loanIn(t.http, 'active', alice.token, admin);
    const detail = await myLoan(loan.id);
    expect(detail.arrears).toMatchObject({ amountDueNow: 0, overdueAmount: 0, daysOverdue: 0 });
    expect(detail.instalments.map((i) => i.status)).toEqual(Array(12).fill('upcoming'));
  });

  it('the borrower pays instalment 1 and staff record one EMI more: instalments 1 and 2 are paid in advance', async () => {
    const before = await myLoan(loan.id);
    const [first, second] = before.instalments;
    await payOnline(loan.id, total(first!));
    await recordAndVerify(loan.id, { amount: total(second!), paidOn: '2026-11-21', method: 'cash' });
    const after = await myLoan(loan.id);
    expect(after.instalments.slice(0, 3).map((i) => [i.status, i.paidOn])).toEqual([
      ['paid', '2026-11-21'],
      ['paid', '2026-11-21'],
      ['upcoming', null],
    ]);
    expect(after.instalments).toHaveLength(12);
    expect(after.instalments[2]).toEqual(before.instalments[2]);
  });

  it('on 21 December and eight days later nothing is due or overdue, and close of business keeps the loan standard', async () => {
    await setBusinessDate('2026-12-21');
    expect((await myLoan(loan.id)).arrears).toMatchObject({ amountDueNow: 0, overdueAmount: 0, daysOverdue: 0 });
    await setBusinessDate('2026-12-29');
    await t.http.post('/api/admin/close-of-business').set(bearer(admin)).send({}).expect(200);
    const detail = await adminLoan(loan.id);
    expect(detail).toMatchObject({ dpd: 0, classification: 'standard', arrears: { amountDueNow: 0, daysOverdue: 0 } });
    expect(detail.instalments.slice(0, 3).map((i) => i.status)).toEqual(['paid', 'paid', 'upcoming']);
  });

  it('instalment 3 reads due on its date and overdue the day after (no grace days): never upcoming once past', async () => {
    await setBusinessDate('2027-02-21');
    const onDueDate = await myLoan(loan.id);
    expect(onDueDate.instalments[2]!.status).toBe('due');
    expect(onDueDate.arrears).toMatchObject({ amountDueNow: total(onDueDate.instalments[2]!), overdueAmount: 0 });
    await setBusinessDate('2027-02-22');
    const dayAfter = await myLoan(loan.id);
    expect(dayAfter.instalments[2]!.status).toBe('overdue');
    expect(dayAfter.arrears).toMatchObject({ amountDueNow: total(dayAfter.instalments[2]!), daysOverdue: 1 });
  });
});

describe('pay extra to reduce principal, previewed first', () => {
  let loan: LoanHandle;

  it('the preview shows the schedule the payment will leave, and recording it leaves exactly that', async () => {
    await setBusinessDate('2026-12-21');
    loan = await loanIn(t.http, 'active', alice.token, admin);
    const before = await adminLoan(loan.id);
    const due = total(before.instalments[0]!);
    const amount = due + 20_000_00;
    const counts = await storeCounts(t);
    const preview = paymentPreviewSchema.parse(
      (
        await t.http
          .post(`/api/admin/loans/${loan.id}/payments/preview`)
          .set(bearer(admin))
          .send({ amount, paidOn: '2026-12-21', reducePrincipal: true })
          .expect(200)
      ).body,
    );
    expect(await storeCounts(t)).toEqual(counts);
    expect(preview).toMatchObject({ date: '2026-12-21', amount, reducePrincipal: true, allocated: { toCreditBalance: 0 } });
    expect(preview.outstanding.principal).toBe(before.outstanding!.principal - before.instalments[0]!.principal - 20_000_00);
    expect(preview.instalments.length).toBeLessThan(12);
    expect(preview.instalments[0]!.status).toBe('paid');

    // The same money without the choice pays the next instalments in advance instead.
    const inAdvance = paymentPreviewSchema.parse(
      (
        await t.http
          .post(`/api/admin/loans/${loan.id}/payments/preview`)
          .set(bearer(admin))
          .send({ amount, paidOn: '2026-12-21' })
          .expect(200)
      ).body,
    );
    expect(inAdvance.instalments).toHaveLength(12);
    expect(inAdvance.instalments.slice(0, 3).map((i) => i.status)).toEqual(['paid', 'paid', 'paid']);

    const payment = await recordAndVerify(loan.id, { amount, paidOn: '2026-12-21', method: 'cash', reducePrincipal: true });
    const after = await adminLoan(loan.id);
    expect(after.instalments).toEqual(preview.instalments);
    expect(after.outstanding).toEqual(preview.outstanding);
    const events = await sql<{ type: string; data: { reducePrincipal?: boolean } }>`
      SELECT type, data FROM events WHERE data->>'paymentId' = ${payment.id} AND type IN ('PaymentRecorded', 'RepaymentApplied') ORDER BY global_position`.execute(
      t.runtime.db,
    );
    expect(events.rows.map((e) => [e.type, e.data.reducePrincipal])).toEqual([
      ['PaymentRecorded', true],
      ['RepaymentApplied', true],
    ]);
  });

  it('the borrower previews on their own loan (today), and online payments carry the choice too', async () => {
    const detail = await myLoan(loan.id);
    const preview = paymentPreviewSchema.parse(
      (
        await t.http
          .post(`/api/me/loans/${loan.id}/payments/preview`)
          .set(bearer(alice.token))
          .send({ amount: 5_000_00, reducePrincipal: true })
          .expect(200)
      ).body,
    );
    expect(preview.date).toBe('2026-12-21');
    expect(preview.outstanding.principal).toBe(detail.outstanding!.principal - 5_000_00);
    const created = await t.http
      .post(`/api/me/loans/${loan.id}/payments`)
      .set(bearer(alice.token))
      .send({ amount: 5_000_00, reducePrincipal: true })
      .expect(201);
    await t.http.post(`/api/payments/sandbox/${created.body.paymentId}/pay`).expect(303);
    const after = await myLoan(loan.id);
    expect(after.instalments).toEqual(preview.instalments);
  });

  it('is refused to another borrower (404), to staff without payments.record (403), cross-site (403) and for bad input, changing nothing', async () => {
    const fresh = await loanIn(t.http, 'new', alice.token, admin);
    const counts = await storeCounts(t);
    expectProblem(
      await t.http.post(`/api/me/loans/${loan.id}/payments/preview`).set(bearer(bob.token)).send({ amount: 100 }),
      404,
      'not-found',
    );
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/payments/preview`).set(bearer(viewer)).send({ amount: 100 }), 403);
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/payments/preview`).set(bearer(alice.token)).send({ amount: 100 }), 403);
    expectProblem(await t.http.post(`/api/me/loans/${loan.id}/payments/preview`).set(bearer(admin)).send({ amount: 100 }), 403);
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token;
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    expectProblem(
      await t.http
        .post(`/api/admin/loans/${loan.id}/payments/preview`)
        .set('Cookie', cookie)
        .set('Origin', 'https://evil.example')
        .send({ amount: 100 }),
      403,
      'csrf-refused',
    );
    expectFieldProblem(await t.http.post(`/api/me/loans/${loan.id}/payments/preview`).set(bearer(alice.token)).send({ amount: 0 }), [
      'amount',
    ]);
    expectFieldProblem(
      await t.http.post(`/api/me/loans/${loan.id}/payments/preview`).set(bearer(alice.token)).send({ amount: 100, reducePrincipal: 'yes' }),
      ['reducePrincipal'],
    );
    expectFieldProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/payments/preview`).set(bearer(admin)).send({ amount: 100, paidOn: '2026-12-22' }),
      ['paidOn'],
    );
    expectFieldProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/payments/preview`).set(bearer(admin)).send({ amount: 100, paidOn: '2026-11-20' }),
      ['paidOn'],
    );
    expectProblem(
      await t.http.post(`/api/me/loans/${fresh.id}/payments/preview`).set(bearer(alice.token)).send({ amount: 100 }),
      409,
      'illegal-transition',
    );
    expect(await storeCounts(t)).toEqual(counts);
  });
});

describe('read models', () => {
  it('a rebuild of every read model equals the live tables after these payments (projections:verify is clean)', async () => {
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
    expect(report.tables).toEqual(
      expect.arrayContaining(['payments', 'loan_servicing', 'loan_instalments', 'loan_transactions', 'loan_summaries']),
    );
    expect(report.differences).toEqual([]);
  });

  it('rows written by the fold before issue 27 are rebuilt at start-up when migration 0041 asks for it, and only then', async () => {
    const db = t.runtime.db;
    const projections = t.app.get(PlatformRegistry).projections;
    // What a database upgraded from before issue 27 holds: instalment rows the old fold wrote (here: paid parts
    // moved back to principal), and the reason migration 0041 recorded because the log was not empty.
    await sql`UPDATE loan_instalments SET paid_principal = 0, paid_interest = 0`.execute(db);
    expect((await verifyProjections(db, projections)).differences).not.toEqual([]);
    await sql`INSERT INTO projection_rebuilds_pending (reason) VALUES ('issue 27')`.execute(db);
    const lines: string[] = [];

    expect(await runPendingRebuilds(db, projections, (line) => lines.push(line))).toEqual(['issue 27']);
    expect(lines[0]).toBe('Rebuilding the read models from the event log (issue 27)');
    expect((await verifyProjections(db, projections)).differences).toEqual([]);
    expect((await sql`SELECT reason FROM projection_rebuilds_pending`.execute(db)).rows).toEqual([]);
    // Nothing owed: the next start rebuilds nothing.
    expect(await runPendingRebuilds(db, projections, (line) => lines.push(line))).toEqual([]);
    expect(lines).toHaveLength(2);
  });
});
