import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEVELOPMENT_PAYMENT_WEBHOOK_SECRET } from '../../../src/platform/config/config.js';
import { EVENT_STORE, type EventStore } from '../../../src/platform/event-store/event-store.port.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { SubscriptionRunner } from '../../../src/platform/subscriptions/subscription-runner.js';
import { NOTIFICATIONS_QUEUE } from '../../../src/lending/loan/jobs/borrower-notifications.js';
import { signWebhook } from '../../../src/platform/webhooks/webhook-signature.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { loanMandatesSchema, mandateStartedSchema } from '../../../src/lending/mandates/http/mandates.schemas.js';
import { addDays } from '../../../src/lending/loan/domain/calendar.js';
import { bearer, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 32: the bank ends a mandate. A presentation returned MANDATE_CANCELLED cancels the mandate (MandateCancelled,
 * cause cancelled-at-bank, with the bank's reason), is not presented again and hands the instalment to collectors;
 * the provider's signed notice of a cancellation at the borrower's bank does the same without a bounce. Either way the
 * loan falls back to manual payment and the borrower is told to pay each instalment by its due date.
 */
let t: TestApp;
let admin: string;
let borrower: { token: string; user: { _id: string } };

const REMINDER = 'Your auto-debit mandate is cancelled. Please pay each instalment from your loan page by its due date.';
const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const mandatesOf = async (loanId: string) =>
  loanMandatesSchema.parse((await t.http.get(`/api/admin/loans/${loanId}/mandates`).set(bearer(admin)).expect(200)).body);
const runPresentations = async () =>
  (await t.http.post('/api/admin/mandate-presentations/run').set(bearer(admin)).send({}).expect(200)).body as { decisions: number };
function sendWebhook(body: object, signature?: string) {
  const req = t.http.post('/api/mandates/webhooks/sandbox').set('Content-Type', 'application/json');
  if (signature !== undefined) req.set('X-Signature', signature);
  return req.send(JSON.stringify(body));
}
const signed = (body: object) => sendWebhook(body, signWebhook(JSON.stringify(body), DEVELOPMENT_PAYMENT_WEBHOOK_SECRET));

/**
 * The reminders queued for the borrower about this loan, once the borrower-notifications subscription caught up (the
 * app's own runner may hold the subscription's lock, then its delivery is waited for).
 */
async function remindersFor(loanId: string, expected: number): Promise<number> {
  const subscription = t.app.get(PlatformRegistry).subscriptions.find((s) => s.name === 'borrower-notifications')!;
  const deadline = Date.now() + 15_000;
  for (;;) {
    await new SubscriptionRunner(t.runtime.db, t.app.get<EventStore>(EVENT_STORE), t.database.url, [subscription]).catchUp();
    const jobs = await t.runtime.queue.queue(NOTIFICATIONS_QUEUE).getJobs(['waiting', 'active', 'completed', 'delayed', 'failed']);
    const found = jobs.filter(
      (job) => job.data.loanId === loanId && job.data.eventType === 'MandateCancelled' && job.data.message === REMINDER,
    );
    if (found.length >= expected || Date.now() > deadline) return found.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function mandatedLoan(): Promise<LoanHandle> {
  const loan = await loanIn(t.http, 'active', borrower.token, admin);
  const started = mandateStartedSchema.parse(
    (await t.http.post(`/api/admin/loans/${loan.id}/mandates`).set(bearer(admin)).send({ kind: 'e-nach' }).expect(201)).body,
  );
  await t.http.post(`${started.redirectUrl}/approve`).expect(303);
  return loan;
}

beforeAll(async () => {
  t = await startTestApp('mandate_cancellation', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  borrower = await registerBorrower(t.http, 'Tara Cancels');
  await setBusinessDate('2026-11-25');
});

afterAll(async () => {
  await t?.close();
});

describe('the bank ends a mandate', () => {
  it("the sandbox's cancellation at the bank sends the signed notice: the mandate is cancelled, a repeat changes nothing", async () => {
    const loan = await mandatedLoan();
    const [mandate] = (await mandatesOf(loan.id)).mandates;
    const page = `/api/mandates/sandbox/${mandate!.id}/cancel-at-bank`;
    expect((await t.http.post(page).expect(200)).body).toEqual({ mandateId: mandate!.id, status: 'cancelled' });
    expect((await mandatesOf(loan.id)).mandates[0]).toMatchObject({ status: 'cancelled', cancelCause: 'cancelled-at-bank' });
    const counts = await storeCounts(t);
    expect((await t.http.post(page).expect(200)).body).toEqual({ mandateId: mandate!.id, status: 'cancelled' });
    expect(await storeCounts(t)).toEqual(counts);
    expectProblem(await t.http.post('/api/mandates/sandbox/00000000-0000-4000-8000-0000000000aa/cancel-at-bank'), 404);
  });

  it('a presentation returned MANDATE_CANCELLED cancels the mandate; nothing is presented again; the borrower is reminded', async () => {
    const loan = await mandatedLoan();
    const due1 = loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${loan.id}`).set(bearer(admin)).expect(200)).body).schedule![0]!
      .dueDate;
    await setBusinessDate(due1);
    await runPresentations();
    const [presentation] = (await mandatesOf(loan.id)).presentations;
    await t.http
      .post(`/api/mandates/sandbox/presentations/${presentation!.id}/bounce`)
      .query({ reasonCode: 'MANDATE_CANCELLED' })
      .expect(200);

    const view = await mandatesOf(loan.id);
    expect(view.mandates[0]).toMatchObject({ status: 'cancelled', cancelCause: 'cancelled-at-bank' });
    expect(view.presentations[0]).toMatchObject({ status: 'bounced', reasonCode: 'MANDATE_CANCELLED', nextAttemptOn: null });
    expect(view.manualCollections).toEqual([expect.objectContaining({ instalmentNumber: 1, code: 'bounce-final' })]);
    const history = (await t.http.get(`/api/admin/loans/${loan.id}/history`).set(bearer(admin)).expect(200)).body as {
      type: string;
      reason: string | null;
    }[];
    expect(history.find((e) => e.type === 'MandateCancelled')).toMatchObject({
      reason: 'Mandate cancelled by the payer (MANDATE_CANCELLED)',
    });

    // Days later, and at the next due date, close of business presents nothing on this loan: it is paid by hand now.
    for (const date of [addDays(due1, 5), addDays(due1, 31)]) {
      await setBusinessDate(date);
      await runPresentations();
      expect((await mandatesOf(loan.id)).presentations).toHaveLength(1);
    }
    expect(await remindersFor(loan.id, 1)).toBe(1);
  });

  it("the provider's signed notice of a cancellation at the borrower's bank cancels the mandate once; a bad signature changes nothing", async () => {
    const loan = await mandatedLoan();
    const [mandate] = (await mandatesOf(loan.id)).mandates;
    const notice = {
      about: 'mandate',
      mandateId: mandate!.id,
      status: 'cancelled',
      providerReference: mandate!.providerReference,
      reason: 'Revoked by the customer in net banking',
    };

    const counts = await storeCounts(t);
    expectProblem(await sendWebhook(notice, 'sha256=00'), 401);
    expect(await storeCounts(t)).toEqual(counts);

    expect((await signed(notice).expect(200)).body).toEqual({ received: true, about: 'mandate', id: mandate!.id });
    expect((await mandatesOf(loan.id)).mandates[0]).toMatchObject({ status: 'cancelled', cancelCause: 'cancelled-at-bank' });
    const after = await storeCounts(t);
    await signed(notice).expect(200);
    expect(await storeCounts(t)).toEqual(after);

    await setBusinessDate(
      loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${loan.id}`).set(bearer(admin)).expect(200)).body).schedule![1]!.dueDate,
    );
    await runPresentations();
    expect((await mandatesOf(loan.id)).presentations).toEqual([]);
    expect(await remindersFor(loan.id, 1)).toBe(1);
  });
});
