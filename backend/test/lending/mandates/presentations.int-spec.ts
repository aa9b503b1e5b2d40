import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_STORE, type EventStore } from '../../../src/platform/event-store/event-store.port.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { SubscriptionRunner } from '../../../src/platform/subscriptions/subscription-runner.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { MandatePresentations } from '../../../src/lending/mandates/application/mandate-presentations.js';
import {
  loanMandatesSchema,
  mandateStartedSchema,
  presentationSchema,
  presentationsRunSchema,
} from '../../../src/lending/mandates/http/mandates.schemas.js';
import { MANDATE_PROVIDER } from '../../../src/lending/mandates/provider/mandate-provider.port.js';
import type { SandboxMandateProvider } from '../../../src/lending/mandates/provider/sandbox-mandate-provider.js';
import { paymentSchema } from '../../../src/lending/servicing/http/servicing.schemas.js';
import { bearer, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 32, presentations with the sandbox provider on a real database: close of business's auto-debit step presents
 * the instalment due for what is owed, a crash between deciding and sending doubles nothing and loses nothing, a
 * success is a payment (method nach) through the normal allocation, a repeated webhook is harmless, a bounce is
 * charged and re-presented with the charge, a final reason goes to manual collection, and the mandate is cancelled at
 * the provider when the loan closes. Loans are paid out on 2026-11-21 (loanIn); the business date is set by hand.
 */
let t: TestApp;
let admin: string;
let checker: string;
let viewer: string;
let alice: { token: string; user: { _id: string } };
let provider: SandboxMandateProvider;

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const adminLoan = async (id: string) =>
  loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${id}`).set(bearer(admin)).expect(200)).body);
const mandatesOf = async (loanId: string, token = admin, who: 'admin' | 'me' = 'admin') =>
  loanMandatesSchema.parse((await t.http.get(`/api/${who}/loans/${loanId}/mandates`).set(bearer(token)).expect(200)).body);
const runPresentations = async (body: object = {}) =>
  presentationsRunSchema.parse((await t.http.post('/api/admin/mandate-presentations/run').set(bearer(admin)).send(body).expect(200)).body);
const sandboxResult = (presentationId: string, outcome: 'succeed' | 'bounce', reasonCode?: string) =>
  t.http
    .post(`/api/mandates/sandbox/presentations/${presentationId}/${outcome}`)
    .query(reasonCode ? { reasonCode } : {})
    .expect(200);

async function mandatedLoan(): Promise<LoanHandle> {
  const loan = await loanIn(t.http, 'active', alice.token, admin);
  const started = mandateStartedSchema.parse(
    (await t.http.post(`/api/admin/loans/${loan.id}/mandates`).set(bearer(admin)).send({ kind: 'e-nach' }).expect(201)).body,
  );
  await t.http.post(`${started.redirectUrl}/approve`).expect(303);
  return loan;
}

beforeAll(async () => {
  t = await startTestApp('mandate_presentations', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  viewer = await staffWithRole(t.http, admin, 'viewer');
  alice = await registerBorrower(t.http, 'Alice Autodebit');
  provider = t.app.get<SandboxMandateProvider>(MANDATE_PROVIDER);
  await setBusinessDate('2026-11-25');
});

afterAll(async () => {
  await t?.close();
});

describe('presentations at close of business', () => {
  let paid: LoanHandle;
  let bounced: LoanHandle;
  let closedAccount: LoanHandle;
  let repaid: LoanHandle;
  let due1: string;
  let emi: number;

  beforeAll(async () => {
    [paid, bounced, closedAccount, repaid] = [await mandatedLoan(), await mandatedLoan(), await mandatedLoan(), await mandatedLoan()];
    const schedule = (await adminLoan(paid.id)).schedule!;
    due1 = schedule[0]!.dueDate;
    emi = schedule[0]!.principal + schedule[0]!.interest;
  });

  it('presents nothing before the due date; on it, decides once and sends once even after a crash between deciding and sending', async () => {
    await setBusinessDate('2026-12-01');
    expect(await runPresentations()).toMatchObject({ decisions: 0, sent: 0 });

    await setBusinessDate(due1);
    const step = t.app.get(MandatePresentations);
    // The crash: the decisions are recorded, then the process stops; one presentation had reached the provider.
    expect(await step.decide(due1)).toMatchObject({ loansVisited: 4, decisions: 4, failedLoans: 0 });
    const before = provider.debitsRequested;
    const first = presentationSchema.parse((await mandatesOf(paid.id)).presentations[0]);
    expect(first).toMatchObject({ status: 'presented', instalmentNumber: 1, attempt: 1, dueDate: due1, presentedOn: due1 });
    expect(first.amount).toBeGreaterThanOrEqual(emi);
    await provider.present({
      presentationId: first.id,
      idempotencyKey: first.id,
      mandateReference: '',
      kind: 'e-nach',
      amount: first.amount,
      debitOn: due1,
    });
    expect(provider.debitsRequested).toBe(before + 1);

    // The next run decides nothing new and sends what was left: the provider sees one debit per presentation.
    expect(await runPresentations()).toMatchObject({ date: due1, decisions: 0, sent: 4 });
    expect(provider.debitsRequested).toBe(before + 4);
    const counts = await storeCounts(t);
    expect(await runPresentations()).toMatchObject({ decisions: 0, sent: 0 });
    expect(provider.debitsRequested).toBe(before + 4);
    expect(await storeCounts(t)).toEqual(counts);

    const byDay = await t.http
      .get('/api/admin/mandate-presentations')
      .query({ filter: JSON.stringify({ presentedOn: due1, status: 'submitted' }) })
      .set(bearer(viewer))
      .expect(200);
    expect(byDay.body).toHaveLength(4);
  });

  it('a success is a payment with method nach applied by the normal allocation; the webhook repeated adds nothing', async () => {
    const [presentation] = (await mandatesOf(paid.id)).presentations;
    expect((await sandboxResult(presentation!.id, 'succeed')).body).toEqual({ presentationId: presentation!.id, status: 'succeeded' });
    const after = (await mandatesOf(paid.id)).presentations[0]!;
    expect(after).toMatchObject({ status: 'succeeded', paymentId: expect.any(String) });
    const payment = paymentSchema.parse((await t.http.get(`/api/admin/payments/${after.paymentId}`).set(bearer(admin)).expect(200)).body);
    expect(payment).toMatchObject({ method: 'nach', status: 'applied', amount: presentation!.amount });
    const loan = await adminLoan(paid.id);
    expect(loan.instalments?.[0]).toMatchObject({ status: 'paid' });

    const counts = await storeCounts(t);
    await sandboxResult(presentation!.id, 'succeed');
    await sandboxResult(presentation!.id, 'bounce');
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('a bounce is charged and re-presented after the product interval for what is owed then, the charge included', async () => {
    const [presentation] = (await mandatesOf(bounced.id)).presentations;
    await sandboxResult(presentation!.id, 'bounce', 'INSUFFICIENT_FUNDS');
    const after = (await mandatesOf(bounced.id)).presentations[0]!;
    expect(after).toMatchObject({ status: 'bounced', reasonCode: 'INSUFFICIENT_FUNDS', bounceCharge: 50_000, latest: true });
    expect(after.nextAttemptOn).not.toBeNull();

    const queue = await t.http.get('/api/admin/mandate-bounces').set(bearer(checker)).expect(200);
    expect(queue.body.map((p: { id: string }) => p.id)).toContain(presentation!.id);
    // A collector sees whom to call without opening the loan.
    expect(queue.body.find((p: { id: string }) => p.id === presentation!.id)).toMatchObject({
      borrowerName: 'Alice Autodebit',
      borrowerPhone: expect.any(String),
    });
    const sorted = await t.http
      .get('/api/admin/mandate-presentations?sort=["amount","ASC"]&filter={"status":"bounced"}')
      .set(bearer(checker))
      .expect(200);
    expect(sorted.body[0]).toMatchObject({ status: 'bounced', borrowerName: expect.any(String) });
    expectProblem(await t.http.get('/api/admin/mandate-bounces').set(bearer(alice.token)), 403);

    await setBusinessDate(after.nextAttemptOn!);
    expect(await runPresentations()).toMatchObject({ decisions: 1, sent: 1 });
    const tries = (await mandatesOf(bounced.id, alice.token, 'me')).presentations;
    expect(tries.map((p) => [p.attempt, p.status, p.latest])).toEqual([
      [1, 'bounced', false],
      [2, 'submitted', true],
    ]);
    expect(tries[1]!.amount).toBe(presentation!.amount + 50_000);
  });

  it('a bounce whose reason is final goes to manual collection, not presented again', async () => {
    const [presentation] = (await mandatesOf(closedAccount.id)).presentations;
    await sandboxResult(presentation!.id, 'bounce', 'ACCOUNT_CLOSED');
    const view = await mandatesOf(closedAccount.id);
    expect(view.presentations[0]).toMatchObject({ status: 'bounced', nextAttemptOn: null });
    expect(view.manualCollections).toEqual([expect.objectContaining({ instalmentNumber: 1, attempt: 2, code: 'bounce-final' })]);
    // The account is closed: the mandate can never debit again, so it is cancelled and the loan is paid by hand.
    expect(view.mandates[0]).toMatchObject({ status: 'cancelled', cancelCause: 'account-closed' });
  });

  it('the mandate is cancelled, at the provider too, when the loan closes', async () => {
    const owed = (await adminLoan(repaid.id)).outstanding!.total;
    const recorded = await t.http
      .post(`/api/admin/loans/${repaid.id}/payments`)
      .set(bearer(admin))
      .send({ amount: owed, paidOn: due1, method: 'cash' })
      .expect(201);
    await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200);
    expect((await adminLoan(repaid.id)).state).toBe('closed');

    const registry = t.app.get(PlatformRegistry);
    const closure = registry.subscriptions.find((s) => s.name === 'mandate-closure')!;
    // Caught up here, or by the app's own runner when it holds the subscription's lock: waited for either way.
    for (let tries = 0; tries < 100 && (await mandatesOf(repaid.id)).mandates[0]!.status !== 'cancelled'; tries += 1) {
      await new SubscriptionRunner(t.runtime.db, t.app.get<EventStore>(EVENT_STORE), t.database.url, [closure]).catchUp();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [mandate] = (await mandatesOf(repaid.id)).mandates;
    expect(mandate).toMatchObject({ status: 'cancelled', cancelCause: 'loan-closed' });
    expect(provider.cancelled).toContain(mandate!.id);

    const report = await verifyProjections(t.runtime.db, registry.projections, { workers: 2 });
    expect(report.tables).toEqual(expect.arrayContaining(['mandates', 'mandate_presentations', 'mandate_manual_collections', 'payments']));
    expect(report.differences).toEqual([]);
  });
});
