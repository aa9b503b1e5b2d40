import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { coolingOffSchema } from '../../../src/lending/pipeline/http/cooling-off.controllers.js';
import { loanMandatesSchema, mandateStartedSchema } from '../../../src/lending/mandates/http/mandates.schemas.js';
import { MANDATE_PROVIDER } from '../../../src/lending/mandates/provider/mandate-provider.port.js';
import type { SandboxMandateProvider } from '../../../src/lending/mandates/provider/sandbox-mandate-provider.js';
import { EVENT_STORE, type EventStore } from '../../../src/platform/event-store/event-store.port.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { SubscriptionRunner } from '../../../src/platform/subscriptions/subscription-runner.js';
import { bearer, expectProblem, historyOf, loanIn, stateOf } from '../../support/loan-api.js';
import { ADMIN, fixedClock, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 33 item 1, the cooling-off exit through the API on a fixed clock (real PostgreSQL): loanIn pays out on
 * 2026-11-21; the KFS's period is 3 days (the default), so the window ends at 23:59:59 IST on 2026-11-24
 * (2026-11-24T18:29:59Z). The borrower asks and pays through the sandbox payment flow; staff ask under
 * maker-checker; the wrong role, another borrower and a cross-site request are refused. The period and fee rule are
 * pinned on AgreementIssued; an exit cancels the loan's auto-debit mandate at the (sandbox) provider.
 */
const clock = fixedClock('2026-11-22T04:30:00.000Z');
let t: TestApp;
let admin: string;
let checker: string;
let viewer: string;
let alice: { token: string };
let bob: { token: string };

const view = async (id: string, token: string, path = 'me') =>
  coolingOffSchema.parse((await t.http.get(`/api/${path}/loans/${id}/cooling-off`).set(bearer(token)).expect(200)).body);
const exit = (id: string, token: string, path = 'me') =>
  t.http.post(`/api/${path}/loans/${id}/cooling-off/exit`).set(bearer(token)).send({});
const mandatesOf = async (loanId: string) =>
  loanMandatesSchema.parse((await t.http.get(`/api/admin/loans/${loanId}/mandates`).set(bearer(admin)).expect(200)).body);

/** Asks for the exit and pays its amount through the sandbox payment page. */
async function exitAndPay(loanId: string, token: string): Promise<void> {
  const asked = coolingOffSchema.parse((await exit(loanId, token).expect(200)).body);
  const payment = await t.http.post(`/api/me/loans/${loanId}/payments`).set(bearer(token)).send({ amount: asked.exit!.amount }).expect(201);
  await t.http.post(`/api/payments/sandbox/${payment.body.paymentId}/pay`).expect(303);
}

beforeAll(async () => {
  t = await startTestApp('cooling_off_exit', {}, undefined, { clock });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  alice = await registerBorrower(t.http, 'Alice Cooling');
  bob = await registerBorrower(t.http, 'Bob Other');
});

afterAll(async () => {
  await t?.close();
});

describe('the borrower exits in the cooling-off period', () => {
  it('sees the deadline and the exact amount, asks to exit, pays it through the payment flow, and the loan closes', async () => {
    clock.set('2026-11-22T04:30:00.000Z');
    const loan = await loanIn(t.http, 'active', alice.token, admin);
    const before = await view(loan.id, alice.token);
    expect(before).toMatchObject({
      open: true,
      coolingOffDays: 3,
      lastDay: '2026-11-24',
      deadline: '2026-11-24T18:29:59.000Z',
      exit: null,
    });
    // 1,00,000.00 INR held 1 day (21 to 22 November) at the KFS's APR.
    const apr = before.aprBasisPoints;
    const interest = Math.round((10_000_000 * apr * 1) / 3_650_000);
    expect(before.quote).toEqual({
      principal: 10_000_000,
      interest,
      fee: 0,
      alreadyPaid: 0,
      amount: 10_000_000 + interest,
      daysHeld: 1,
      aprBasisPoints: apr,
    });

    const asked = coolingOffSchema.parse((await exit(loan.id, alice.token).expect(200)).body);
    expect(asked.exit).toMatchObject({ status: 'open', amount: 10_000_000 + interest, remaining: 10_000_000 + interest });
    expect(asked.open).toBe(false);

    const payment = await t.http
      .post(`/api/me/loans/${loan.id}/payments`)
      .set(bearer(alice.token))
      .send({ amount: asked.exit!.amount })
      .expect(201);
    await t.http.post(`/api/payments/sandbox/${payment.body.paymentId}/pay`).expect(303);
    expect(await stateOf(t.http, admin, loan.id)).toBe('closed');
    // The exit cancels the schedule: every instalment reads cancelled, none paid; the payment is split as what the
    // exit asked (principal and the days held's interest), never as the scheduled instalments' fee and interest.
    const detail = (await t.http.get(`/api/me/loans/${loan.id}`).set(bearer(alice.token)).expect(200)).body as {
      instalments: Array<{ status: string; closedOut: string | null }>;
      outstanding: { total: number };
      creditBalance: number;
    };
    expect(new Set(detail.instalments.map((i) => `${i.status}/${i.closedOut}`))).toEqual(new Set(['closed/coolingOffExit']));
    expect(detail).toMatchObject({ outstanding: { total: 0 }, creditBalance: 0 });
    const ledger = (await t.http.get(`/api/admin/loans/${loan.id}/transactions`).set(bearer(admin)).expect(200)).body as Array<{
      type: string;
      principal: number;
      interest: number;
      fees: number;
    }>;
    expect(ledger.find((l) => l.type === 'repayment')).toMatchObject({ principal: 10_000_000, interest, fees: 0 });
    // The books agree: loans receivable equals lending's principal outstanding (none), the fee not kept is not income.
    const reconciliation = (
      await t.http.get('/api/admin/accounting/reconciliation').query({ asOf: '2026-11-30' }).set(bearer(admin)).expect(200)
    ).body;
    expect(reconciliation).toMatchObject({ difference: 0, mismatches: [] });
    const types = (await historyOf(t.http, admin, loan.id)).map((e) => e.type);
    expect(types.slice(-4)).toEqual(['CoolingOffExitRequested', 'OnlinePaymentCreated', 'RepaymentApplied', 'LoanExitedInCoolingOff']);
    expect((await view(loan.id, alice.token)).exit).toMatchObject({ status: 'exited', amountPaid: 10_000_000 + interest, remaining: 0 });
  });

  it('at 23:59:59 IST on the last day is accepted; a second after the window is refused with the reason', async () => {
    clock.set('2026-11-22T04:30:00.000Z');
    const onTime = await loanIn(t.http, 'active', alice.token, admin);
    const late = await loanIn(t.http, 'active', alice.token, admin);
    clock.set('2026-11-24T18:29:59.000Z');
    expect(coolingOffSchema.parse((await exit(onTime.id, alice.token).expect(200)).body).exit).toMatchObject({
      status: 'open',
      daysHeld: 3,
    });
    clock.set('2026-11-24T18:30:00.000Z');
    expect((await view(late.id, alice.token)).open).toBe(false);
    const problem = expectProblem(await exit(late.id, alice.token), 409, 'cooling-off-window-closed');
    expect(problem.detail).toBe(
      'The cooling-off period of 3 days from the disbursal on 21 Nov 2026 ended at 23:59:59 IST on 24 Nov 2026: the loan can no longer be exited without interest for its term. It can still be repaid early at any time, without a foreclosure charge.',
    );
    expect((await historyOf(t.http, admin, late.id)).map((e) => e.type)).not.toContain('CoolingOffExitRequested');
  });
});

describe('the terms the exit is held to', () => {
  it('the period and fee rule the KFS printed are pinned on AgreementIssued', async () => {
    clock.set('2026-11-22T04:30:00.000Z');
    const loan = await loanIn(t.http, 'active', alice.token, admin);
    const issued = await t.runtime.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `loan-${loan.id}`)
      .where('type', '=', 'AgreementIssued')
      .executeTakeFirstOrThrow();
    expect((issued.data as { coolingOff?: unknown }).coolingOff).toEqual({ days: 3, feeRetained: false });
    expect(await view(loan.id, alice.token)).toMatchObject({ coolingOffDays: 3, feeRetained: false });
  });
});

describe('an exit on a loan with an auto-debit mandate', () => {
  it('cancels the mandate at the provider (cause cooling-off-exit) and nothing more is presented', async () => {
    clock.set('2026-11-22T04:30:00.000Z');
    const loan = await loanIn(t.http, 'active', alice.token, admin);
    const started = mandateStartedSchema.parse(
      (await t.http.post(`/api/admin/loans/${loan.id}/mandates`).set(bearer(admin)).send({ kind: 'e-nach' }).expect(201)).body,
    );
    await t.http.post(`${started.redirectUrl}/approve`).expect(303);
    expect((await mandatesOf(loan.id)).mandates[0]).toMatchObject({ status: 'active' });

    await exitAndPay(loan.id, alice.token);
    expect(await stateOf(t.http, admin, loan.id)).toBe('closed');

    const closure = t.app.get(PlatformRegistry).subscriptions.find((s) => s.name === 'mandate-closure')!;
    // Caught up here, or by the app's own runner when it holds the subscription's lock: waited for either way.
    for (let tries = 0; tries < 100 && (await mandatesOf(loan.id)).mandates[0]!.status !== 'cancelled'; tries += 1) {
      await new SubscriptionRunner(t.runtime.db, t.app.get<EventStore>(EVENT_STORE), t.database.url, [closure]).catchUp();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [mandate] = (await mandatesOf(loan.id)).mandates;
    expect(mandate).toMatchObject({ status: 'cancelled', cancelCause: 'cooling-off-exit' });
    expect(t.app.get<SandboxMandateProvider>(MANDATE_PROVIDER).cancelled).toContain(mandate!.id);

    // The first instalment's due date comes: the closed loan's cancelled mandate presents nothing.
    clock.set('2026-12-21T12:00:00.000Z');
    await t.http.post('/api/admin/mandate-presentations/run').set(bearer(admin)).send({}).expect(200);
    expect((await mandatesOf(loan.id)).presentations).toEqual([]);
  });
});

describe('staff ask for an exit under maker-checker', () => {
  it('the maker asks (pending), cannot approve it; a second person approves and it opens for payment', async () => {
    clock.set('2026-11-22T04:30:00.000Z');
    const loan = await loanIn(t.http, 'active', alice.token, admin);
    const asked = coolingOffSchema.parse((await exit(loan.id, checker, 'admin').expect(200)).body);
    expect(asked.exit).toMatchObject({ status: 'pending', requestedByRole: 'staff' });
    expectProblem(await t.http.post(`/api/admin/loans/${loan.id}/cooling-off/approve`).set(bearer(checker)).send({}), 403, 'same-person');
    const approved = coolingOffSchema.parse(
      (await t.http.post(`/api/admin/loans/${loan.id}/cooling-off/approve`).set(bearer(admin)).send({}).expect(200)).body,
    );
    expect(approved.exit).toMatchObject({ status: 'open' });
    // The borrower sees the same exit, with its amount.
    expect((await view(loan.id, alice.token)).exit).toMatchObject({ status: 'open', amount: asked.exit!.amount });
  });

  it('the wrong role, another borrower, a borrower on the staff route and a cross-site request are refused; nothing is appended', async () => {
    clock.set('2026-11-22T04:30:00.000Z');
    const loan = await loanIn(t.http, 'active', alice.token, admin);
    const count = (await historyOf(t.http, admin, loan.id)).length;
    expectProblem(await exit(loan.id, viewer, 'admin'), 403, 'missing-permission');
    expectProblem(
      await t.http.post(`/api/admin/loans/${loan.id}/cooling-off/approve`).set(bearer(viewer)).send({}),
      403,
      'missing-permission',
    );
    expectProblem(await exit(loan.id, bob.token), 404);
    expectProblem(await t.http.get(`/api/me/loans/${loan.id}/cooling-off`).set(bearer(bob.token)), 404);
    expectProblem(await exit(loan.id, alice.token, 'admin'), 403);
    expectProblem(await exit(loan.id, admin), 403);
    const login = await t.http.post('/api/auth/login').send(ADMIN).expect(200);
    admin = login.body.token; // a new sign-in ends the earlier session of the same device
    const cookie = String((login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('token='))).split(';')[0];
    expectProblem(
      await t.http
        .post(`/api/admin/loans/${loan.id}/cooling-off/exit`)
        .set('Cookie', cookie)
        .set('Origin', 'https://evil.example')
        .send({}),
      403,
      'csrf-refused',
    );
    expect((await historyOf(t.http, admin, loan.id)).length).toBe(count);
  });
});
