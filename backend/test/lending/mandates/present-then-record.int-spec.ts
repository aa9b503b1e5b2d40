import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { DEVELOPMENT_PAYMENT_WEBHOOK_SECRET } from '../../../src/platform/config/config.js';
import { runPendingRebuilds } from '../../../src/platform/projections/pending-rebuilds.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import * as roomForHotUpdates from '../../../src/platform/database/migrations/0061-0080/0068-loan-summaries-room-for-hot-updates.js';
import * as mandatesStateApart from '../../../src/platform/database/migrations/0061-0080/0070-loan-mandates-state-apart.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { signWebhook } from '../../../src/platform/webhooks/webhook-signature.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { loanMandatesSchema, mandateStartedSchema, presentationsRunSchema } from '../../../src/lending/mandates/http/mandates.schemas.js';
import { MandatePresentations } from '../../../src/lending/mandates/application/mandate-presentations.js';
import { MANDATE_PROVIDER } from '../../../src/lending/mandates/provider/mandate-provider.port.js';
import type { SandboxMandateProvider } from '../../../src/lending/mandates/provider/sandbox-mandate-provider.js';
import { bearer, expectProblem, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 32 item 7, on a real database with the sandbox provider: close of business's presentations against a crash and
 * a race (docs/mandates.md, "Presentations at scale"). A debit the provider already took (a crash after sending):
 * its result arriving before anything is recorded is refused (404, nothing appended; the provider delivers it again),
 * the next run presents the same instalment with the same key, the provider recognises it (one debit), and the result
 * then applies. A loan written while its presentation is being sent has what the provider took recorded all the same.
 * Loans are paid out on 2026-11-21 (loanIn).
 */
let t: TestApp;
let admin: string;
let checker: string;
let borrower: string;
let provider: SandboxMandateProvider;

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const adminLoan = async (id: string) =>
  loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${id}`).set(bearer(admin)).expect(200)).body);
type InstalmentLine = NonNullable<Awaited<ReturnType<typeof adminLoan>>['instalments']>[number];
/** What an instalment still owes: its amounts less what was paid on each. */
const owedOn = (l: InstalmentLine) =>
  l.principal + l.interest + l.fees + l.penalties - (l.paidPrincipal + l.paidInterest + l.paidFees + l.paidPenalties);
const presentationsOf = async (loanId: string) =>
  loanMandatesSchema.parse((await t.http.get(`/api/admin/loans/${loanId}/mandates`).set(bearer(admin)).expect(200)).body).presentations;
const runPresentations = async () =>
  presentationsRunSchema.parse((await t.http.post('/api/admin/mandate-presentations/run').set(bearer(admin)).send({}).expect(200)).body);
const webhook = (body: object) =>
  t.http
    .post('/api/mandates/webhooks/sandbox')
    .set('Content-Type', 'application/json')
    .set('X-Signature', signWebhook(JSON.stringify(body), DEVELOPMENT_PAYMENT_WEBHOOK_SECRET))
    .send(JSON.stringify(body));

async function mandatedLoan(): Promise<LoanHandle> {
  const loan = await loanIn(t.http, 'active', borrower, admin);
  const started = mandateStartedSchema.parse(
    (await t.http.post(`/api/admin/loans/${loan.id}/mandates`).set(bearer(admin)).send({ kind: 'e-nach' }).expect(201)).body,
  );
  await t.http.post(`${started.redirectUrl}/approve`).expect(303);
  return loan;
}

beforeAll(async () => {
  t = await startTestApp('mandate_present_then_record', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  borrower = (await registerBorrower(t.http, 'Ravi Record')).token;
  provider = t.app.get<SandboxMandateProvider>(MANDATE_PROVIDER);
  await setBusinessDate('2026-11-25');
});

afterAll(async () => {
  await t?.close();
});

describe('presentations sent, then recorded with their acceptance', () => {
  let due1: string;

  it('a crash after sending: the early result is refused, the next run records the same debit once, then the result applies', async () => {
    const loan = await mandatedLoan();
    const [first] = (await adminLoan(loan.id)).schedule!;
    due1 = first!.dueDate;
    await setBusinessDate(due1);
    const presentationId = `${loan.id}-i1-a1`;
    const before = provider.debitsRequested;
    // The crash: the run had sent this presentation, and stopped before its append.
    await provider.present({
      presentationId,
      idempotencyKey: presentationId,
      mandateReference: '',
      kind: 'e-nach',
      amount: 1,
      debitOn: due1,
    });
    expect(provider.debitsRequested).toBe(before + 1);

    // The bank's result arrives before anything is recorded: refused, nothing appended (the provider sends it again).
    const counts = await storeCounts(t);
    const result = { about: 'presentation', presentationId, status: 'succeeded', amount: 1, providerReference: 'UTR-EARLY-1' };
    expectProblem(await webhook(result), 404);
    expect(await storeCounts(t)).toEqual(counts);

    expect(await runPresentations()).toMatchObject({ date: due1, loansVisited: 1, decisions: 1, sent: 1, failedLoans: 0 });
    expect(provider.debitsRequested).toBe(before + 1);
    expect(await presentationsOf(loan.id)).toEqual([
      expect.objectContaining({ id: presentationId, instalmentNumber: 1, attempt: 1, status: 'submitted' }),
    ]);
    expect(await runPresentations()).toMatchObject({ decisions: 0, sent: 0 });

    // Delivered again, the result applies: the debit is a payment.
    expect((await webhook(result)).status).toBe(200);
    expect(await presentationsOf(loan.id)).toEqual([expect.objectContaining({ id: presentationId, status: 'succeeded' })]);
    expect((await adminLoan(loan.id)).instalments?.[0]).toMatchObject({ status: 'paid' });
  });

  it('a loan written while its page is sent has what the provider took recorded as sent, once', async () => {
    const loan = await mandatedLoan();
    const presentationId = `${loan.id}-i1-a1`;
    const before = provider.debitsRequested;
    const present = provider.present;
    // A counter payment lands on the loan after the run read it and before the run's append.
    provider.present = async (presentation) => {
      if (presentation.presentationId === presentationId) {
        const recorded = await t.http
          .post(`/api/admin/loans/${loan.id}/payments`)
          .set(bearer(admin))
          .send({ amount: 10_000, paidOn: due1, method: 'cash' })
          .expect(201);
        await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200);
      }
      return present.call(provider, presentation);
    };
    try {
      expect(await runPresentations()).toMatchObject({ date: due1, loansVisited: 1, decisions: 1, sent: 1, failedLoans: 0 });
    } finally {
      provider.present = present;
    }
    expect(provider.debitsRequested).toBe(before + 1);
    const [presentation] = await presentationsOf(loan.id);
    expect(presentation).toMatchObject({ id: presentationId, status: 'submitted' });
    // Recorded for what was sent: what the instalment owed before the counter payment, 10,000 more than it owes now.
    const line = (await adminLoan(loan.id)).instalments![0]!;
    const owedNow = owedOn(line);
    expect(presentation!.amount).toBe(owedNow + 10_000);
    expect(await runPresentations()).toMatchObject({ decisions: 0, sent: 0 });

    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 2 });
    expect(report.tables).toEqual(expect.arrayContaining(['loan_summaries', 'mandate_presentations']));
    expect(report.differences).toEqual([]);
  });

  /** The run stops after the provider took this loan's debit and before anything is recorded (a crash in between). */
  async function crashAfterSending(loanId: string): Promise<string> {
    const presentationId = `${loanId}-i1-a1`;
    const present = provider.present;
    provider.present = async (presentation) => {
      const taken = await present.call(provider, presentation);
      if (presentation.presentationId === presentationId) throw new Error('connection reset after the debit was taken');
      return taken;
    };
    try {
      await expect(t.app.get(MandatePresentations).run(due1)).rejects.toThrow('connection reset');
    } finally {
      provider.present = present;
    }
    expect(await presentationsOf(loanId)).toEqual([]);
    const left = await t.runtime.db.selectFrom('mandate_presentation_sends').select(['presentation_id', 'loan_id']).execute();
    expect(left).toEqual([{ presentation_id: presentationId, loan_id: loanId }]);
    return presentationId;
  }

  async function payAtCounter(loanId: string, amount: number) {
    const recorded = await t.http
      .post(`/api/admin/loans/${loanId}/payments`)
      .set(bearer(admin))
      .send({ amount, paidOn: due1, method: 'cash' })
      .expect(201);
    await t.http.post(`/api/admin/payments/${recorded.body.id}/verify`).set(bearer(checker)).expect(200);
  }

  it('a crash after sending, then the instalment paid at the counter: the next run records the debit from its write-ahead row, once', async () => {
    const loan = await mandatedLoan();
    const before = provider.debitsRequested;
    const owed = owedOn((await adminLoan(loan.id)).instalments![0]!);
    const presentationId = await crashAfterSending(loan.id);
    expect(provider.debitsRequested).toBe(before + 1);

    // The borrower pays the instalment before the next run: without the write-ahead row nothing would be decided again,
    // and the debit the provider holds would be recorded nowhere.
    await payAtCounter(loan.id, owed);
    expect((await adminLoan(loan.id)).instalments![0]).toMatchObject({ status: 'paid' });

    expect(await runPresentations()).toMatchObject({ date: due1, decisions: 0, sent: 1, failedLoans: 0 });
    expect(provider.debitsRequested).toBe(before + 1);
    expect(await presentationsOf(loan.id)).toEqual([
      expect.objectContaining({ id: presentationId, instalmentNumber: 1, attempt: 1, amount: owed, status: 'submitted' }),
    ]);
    expect(await t.runtime.db.selectFrom('mandate_presentation_sends').selectAll().execute()).toEqual([]);
    expect(await runPresentations()).toMatchObject({ decisions: 0, sent: 0 });

    // Its result applies: the debit is a payment (the instalment was paid already: it goes where the allocation puts it).
    const result = { about: 'presentation', presentationId, status: 'succeeded', amount: owed, providerReference: 'UTR-AHEAD-1' };
    expect((await webhook(result)).status).toBe(200);
    expect(await presentationsOf(loan.id)).toEqual([expect.objectContaining({ id: presentationId, status: 'succeeded' })]);
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections, { workers: 1 });
    expect(report.differences).toEqual([]);
  });

  it("a crash after sending, then the bank's result before the next run: the webhook records the debit first, then its result", async () => {
    const loan = await mandatedLoan();
    const before = provider.debitsRequested;
    const owed = owedOn((await adminLoan(loan.id)).instalments![0]!);
    const presentationId = await crashAfterSending(loan.id);

    const counts = await storeCounts(t);
    const result = { about: 'presentation', presentationId, status: 'succeeded', amount: owed, providerReference: 'UTR-AHEAD-2' };
    expect((await webhook(result)).status).toBe(200);
    expect(await storeCounts(t)).not.toEqual(counts);
    expect(await presentationsOf(loan.id)).toEqual([expect.objectContaining({ id: presentationId, amount: owed, status: 'succeeded' })]);
    expect((await adminLoan(loan.id)).instalments![0]).toMatchObject({ status: 'paid' });
    expect(await t.runtime.db.selectFrom('mandate_presentation_sends').selectAll().execute()).toEqual([]);
    // Delivered again: nothing changes. The next run has nothing to decide or send, and no second debit was asked for.
    const after = await storeCounts(t);
    expect((await webhook(result)).status).toBe(200);
    expect(await storeCounts(t)).toEqual(after);
    expect(await runPresentations()).toMatchObject({ decisions: 0, sent: 0 });
    expect(provider.debitsRequested).toBe(before + 1);
  });
});

describe('a presentation and the loan\'s last move (docs/mandates.md, "Rules chosen")', () => {
  it("a run moves the loan's version, not its last move; a row the old rule wrote is rebuilt at the next start (migration 0068)", async () => {
    const loan = await mandatedLoan();
    const before = await adminLoan(loan.id);
    expect(await runPresentations()).toMatchObject({ sent: 1, failedLoans: 0 });
    expect(await presentationsOf(loan.id)).toEqual([expect.objectContaining({ instalmentNumber: 1, status: 'submitted' })]);
    const after = await adminLoan(loan.id);
    expect(after.version).toBe(before.version + 2);
    expect({ updatedAt: after.updatedAt, lastActor: after.lastActor }).toEqual({
      updatedAt: before.updatedAt,
      lastActor: before.lastActor,
    });

    // A database upgraded with such steps in its log: its rows carry the step's time as the last move, and 0068 queues
    // a rebuild, which the next start runs.
    const db = t.runtime.db;
    const projections = t.app.get(PlatformRegistry).projections;
    await sql`UPDATE loan_summaries SET updated_at = now() WHERE id = ${loan.id}`.execute(db);
    expect((await verifyProjections(db, projections)).differences).not.toEqual([]);
    await roomForHotUpdates.up(db as unknown as Kysely<unknown>);
    expect(await runPendingRebuilds(db, projections, () => undefined)).toEqual([
      "issue 32: routine auto-debit steps do not move a loan's last move",
    ]);
    expect((await verifyProjections(db, projections)).differences).toEqual([]);
    expect((await adminLoan(loan.id)).updatedAt).toBe(before.updatedAt);
  });

  it("a run leaves the row's loan_state as it was and writes the mandates apart; a row from before migration 0070 is split by it", async () => {
    const loan = await mandatedLoan();
    const db = t.runtime.db;
    const stored = async () =>
      (
        await sql<{ loan_state: string; mandates_state: { presentations: { status: string }[] } | null; version: number }>`
        SELECT loan_state::text AS loan_state, mandates_state, version FROM loan_summaries WHERE id = ${loan.id}`.execute(db)
      ).rows[0]!;
    const before = await stored();
    expect(before.mandates_state?.presentations).toEqual([]);
    expect(await runPresentations()).toMatchObject({ sent: 1, failedLoans: 0 });
    const after = await stored();
    expect(after.loan_state).toBe(before.loan_state);
    expect(after.mandates_state?.presentations).toEqual([expect.objectContaining({ status: 'submitted' })]);
    expect(after.version).toBe(before.version + 2);
    const shown = await adminLoan(loan.id);

    // The row as it stood before 0070 (the whole state, version and mandates in loan_state), then 0070 again.
    await mandatesStateApart.down(db as unknown as Kysely<unknown>);
    const merged = (
      await sql<{ loan_state: Record<string, unknown> }>`SELECT loan_state FROM loan_summaries WHERE id = ${loan.id}`.execute(db)
    ).rows[0]!.loan_state;
    expect(merged).toMatchObject({ version: after.version, mandates: after.mandates_state });
    await mandatesStateApart.up(db as unknown as Kysely<unknown>);
    expect(await stored()).toEqual(after);
    expect(await adminLoan(loan.id)).toEqual(shown);
    expect((await verifyProjections(db, t.app.get(PlatformRegistry).projections)).differences).toEqual([]);
  });
});
