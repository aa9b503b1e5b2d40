import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import * as collectionsStateApart from '../../../src/platform/database/migrations/0061-0080/0072-loan-collections-state-apart.js';
import { loanDetailSchema } from '../../../src/lending/loan/http/loan-response.schemas.js';
import { CLOSE_OF_BUSINESS_ACTOR, CloseOfBusiness } from '../../../src/lending/collections/application/close-of-business.js';
import { LoanCommandExecutor } from '../../../src/lending/loan/application/loan-command-executor.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { PlatformRegistry } from '../../../src/platform/registry.js';
import { paymentSchema } from '../../../src/lending/servicing/http/servicing.schemas.js';
import { bearer, createEmiProduct, loanIn, storeCounts, type LoanHandle } from '../../support/loan-api.js';
import { ADMIN, registerBorrower, staffWithRole, startTestApp, type TestApp } from '../../support/test-app.js';

/**
 * Issue 30 item 5: close of business decides a chunk of loans with the domain's decide and appends them in one batch
 * (one transaction, each stream's version checked on its own). Twin loans (same product, amount, payout and
 * payments) are aged one by one, one append per loan (as before the batches), and in a batch: both must record the
 * same events and leave the same read models. Paid out on 2026-11-21 under 3 grace days and a 500.00 penal charge.
 */
let t: TestApp;
let admin: string;
let checker: string;
let borrower: string;
let product: string;
const COLLECTION_EVENTS = ['InstalmentFellDue', 'InstalmentWentOverdue', 'PenalChargeApplied', 'LoanClassificationChanged'];

const setBusinessDate = (date: string) => t.http.put('/api/admin/business-date').set(bearer(admin)).send({ date }).expect(200);
const newLoan = () => loanIn(t.http, 'active', borrower, admin, { type: 'EMI', amount: 10_000_000, tenureMonths: 12, productId: product });

async function pay(loanId: string, amount: number, paidOn: string): Promise<void> {
  const recorded = paymentSchema.parse(
    (await t.http.post(`/api/admin/loans/${loanId}/payments`).set(bearer(admin)).send({ amount, paidOn, method: 'cash' }).expect(201)).body,
  );
  await t.http.post(`/api/admin/payments/${recorded.id}/verify`).set(bearer(checker)).expect(200);
}

/** A loan's close of business events as comparable between twins: version, type and data but the loan id and time. */
async function collectionEvents(loanId: string) {
  const rows = await t.runtime.db
    .selectFrom('events')
    .select(['version', 'type', 'data', 'metadata'])
    .where('stream_id', '=', `loan-${loanId}`)
    .where('type', 'in', COLLECTION_EVENTS)
    .orderBy('version')
    .execute();
  return rows.map(({ version, type, data, metadata }) => {
    const { loanId: _id, at: _at, ...rest } = data as Record<string, unknown>;
    return { version, type, ...rest, actor: (metadata as { actor?: unknown }).actor };
  });
}

/** What the loan's read models say of it, without its ids and times. */
async function readModels(loanId: string) {
  const summary = await t.runtime.db
    .selectFrom('loan_summaries')
    .select(['version', 'dpd', 'classification', 'overdue_since', 'next_cob_on', 'state'])
    .where('id', '=', loanId)
    .executeTakeFirstOrThrow();
  const instalments = await t.runtime.db
    .selectFrom('loan_instalments')
    .select(['number', 'due_date', 'penalties', 'owed_principal', 'owed_interest', 'owed_penalties', 'status'])
    .where('loan_id', '=', loanId)
    .orderBy('number')
    .execute();
  const servicing = await t.runtime.db
    .selectFrom('loan_servicing')
    .select(['version', 'outstanding_total', 'outstanding_penalties'])
    .where('loan_id', '=', loanId)
    .executeTakeFirstOrThrow();
  return { summary, instalments, servicing };
}

beforeAll(async () => {
  t = await startTestApp('close-of-business-batches', { BUSINESS_DATE_MODE: 'manual' });
  admin = (await t.http.post('/api/auth/login').send(ADMIN).expect(200)).body.token;
  checker = await staffWithRole(t.http, admin, 'operations-manager');
  borrower = (await registerBorrower(t.http, 'Bala Batch')).token;
  product = await createEmiProduct(t.http, admin, { code: 'cob-batch', name: 'COB batch loan', graceDays: 3, penalChargeFlat: 50_000 });
});

afterAll(async () => {
  await t?.close();
});

describe('close of business in batches', () => {
  let alone: LoanHandle[];
  let batched: LoanHandle[];

  it('records exactly what one append per loan records, and leaves the same read models', async () => {
    await setBusinessDate('2026-11-21');
    // Three twins: never paid; instalment 1 part paid late; instalment 1 paid on time.
    alone = [await newLoan(), await newLoan(), await newLoan()];
    batched = [await newLoan(), await newLoan(), await newLoan()];
    await setBusinessDate('2026-12-28');
    for (const pair of [alone, batched]) {
      await pay(pair[1]!.id, 500_000, '2026-12-27');
      await pay(pair[2]!.id, 888_488, '2026-12-21');
    }
    await setBusinessDate('2027-02-22');
    const executor = t.app.get(LoanCommandExecutor);
    const at = new Date().toISOString();
    for (const { id } of alone)
      await executor.execute({ type: 'CloseBusinessDay', data: { loanId: id, at, actor: CLOSE_OF_BUSINESS_ACTOR, date: '2027-02-22' } });
    // The payments left their loans' states kept for this process's next command.
    expect(batched.map(({ id }) => executor.keeps(id))).toEqual([true, true, true]);
    const aged = await t.app.get(CloseOfBusiness).ageLoans(
      batched.map((l) => l.id),
      '2027-02-22',
      CLOSE_OF_BUSINESS_ACTOR,
    );

    expect(aged).toMatchObject({ loansVisited: 3, loansAged: 3 });
    // A night's states are not kept (nobody is working on those loans); the ones kept before, now stale, are forgotten.
    expect(batched.map(({ id }) => executor.keeps(id))).toEqual([false, false, false]);
    let events = 0;
    for (const [i, twin] of batched.entries()) {
      const recorded = await collectionEvents(twin.id);
      expect(recorded.length).toBeGreaterThan(0);
      expect(recorded).toEqual(await collectionEvents(alone[i]!.id));
      expect(await readModels(twin.id)).toEqual(await readModels(alone[i]!.id));
      events += recorded.length;
    }
    expect(aged.eventsAppended).toBe(events);
    expect(aged.penaltiesApplied).toBeGreaterThan(0);
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
    expect(report.differences).toEqual([]);
  });

  it('run again for the same date (a rerun, or a run resumed after a crash), a batch records nothing', async () => {
    const cob = t.app.get(CloseOfBusiness);
    // The loans were aged above by ageLoans alone; the day's run also records the day closed (BusinessDayClosed, for
    // the books' accrual), once. From then on a rerun records nothing at all.
    await cob.run(CLOSE_OF_BUSINESS_ACTOR, '2027-02-22');
    const counts = await storeCounts(t);
    expect(
      await cob.ageLoans(
        [...alone, ...batched].map((l) => l.id),
        '2027-02-22',
        CLOSE_OF_BUSINESS_ACTOR,
      ),
    ).toMatchObject({
      eventsAppended: 0,
    });
    expect((await cob.run(CLOSE_OF_BUSINESS_ACTOR, '2027-02-22')).eventsAppended).toBe(0);
    expect(await storeCounts(t)).toEqual(counts);
  });

  it('a loan written since its row was read is refused alone and decided again from its stream; the rest of the batch goes in', async () => {
    await setBusinessDate('2027-02-22');
    const [stale, fresh] = [batched[0]!, batched[1]!];
    const before = { stale: await collectionEvents(stale.id), fresh: await collectionEvents(fresh.id) };
    await setBusinessDate('2027-03-24');
    // The stale loan's row says one version less than its stream holds: its append in the batch finds the stream
    // elsewhere, as it would had another writer appended after the row was read.
    await t.runtime.db
      .updateTable('loan_summaries')
      .set((eb) => ({ version: eb('version', '-', 1) }))
      .where('id', '=', stale.id)
      .execute();
    const executor = t.app.get(LoanCommandExecutor);
    const load = executor.load.bind(executor);
    const reread: string[] = [];
    executor.load = (loanId, actor) => (reread.push(loanId), load(loanId, actor));
    let aged;
    try {
      aged = await t.app.get(CloseOfBusiness).ageLoans([stale.id, fresh.id], '2027-03-24', CLOSE_OF_BUSINESS_ACTOR);
    } finally {
      executor.load = load;
    }
    expect(reread).toEqual([stale.id]);
    const after = { stale: await collectionEvents(stale.id), fresh: await collectionEvents(fresh.id) };
    expect(after.stale.slice(0, before.stale.length)).toEqual(before.stale);
    expect(after.fresh.slice(0, before.fresh.length)).toEqual(before.fresh);
    const added = { stale: after.stale.slice(before.stale.length), fresh: after.fresh.slice(before.fresh.length) };
    // Instalment 4 fell due on 2027-03-21 for both; each event once, at consecutive versions.
    for (const events of [added.stale, added.fresh]) {
      expect(
        events.filter((e) => e.type === 'InstalmentFellDue').map((e) => (e as { instalmentNumber?: number }).instalmentNumber),
      ).toEqual([4]);
      expect(new Set(events.map((e) => e.version)).size).toBe(events.length);
    }
    expect(aged).toMatchObject({ loansVisited: 2, loansAged: 2, eventsAppended: added.stale.length + added.fresh.length });
    const report = await verifyProjections(t.runtime.db, t.app.get(PlatformRegistry).projections);
    expect(report.differences).toEqual([]);
  });

  it('a run cut short mid-way resumes: the chunks it committed stand, the next run records the rest, each once', async () => {
    await setBusinessDate('2027-04-22');
    const cob = t.app.get(CloseOfBusiness);
    const executor = t.app.get(LoanCommandExecutor);
    const executeBatch = executor.executeBatch.bind(executor);
    let chunks = 0;
    executor.executeBatch = async (...args) => {
      chunks += 1;
      if (chunks === 3) throw new Error('the process stopped');
      return executeBatch(...args);
    };
    try {
      await expect(cob.run(CLOSE_OF_BUSINESS_ACTOR, '2027-04-22', 2)).rejects.toThrow('the process stopped');
    } finally {
      executor.executeBatch = executeBatch;
    }
    const resumed = await cob.run(CLOSE_OF_BUSINESS_ACTOR, '2027-04-22', 2);
    expect(resumed.eventsAppended).toBeGreaterThan(0);
    for (const { id } of [...alone, ...batched]) {
      const events = await collectionEvents(id);
      const fellDue = events
        .filter((e) => e.type === 'InstalmentFellDue')
        .map((e) => (e as { instalmentNumber?: number }).instalmentNumber);
      expect(fellDue).toEqual([...new Set(fellDue)]);
      expect(fellDue.at(-1)).toBe(5);
    }
    expect((await cob.run(CLOSE_OF_BUSINESS_ACTOR, '2027-04-22', 2)).eventsAppended).toBe(0);
  });

  it("a night that records only instalments falling due and changes of class leaves each row's loan_state as it was; a row from before migration 0072 is split by it", async () => {
    const db = t.runtime.db;
    const cob = t.app.get(CloseOfBusiness);
    const ids = [...alone, ...batched].map((l) => l.id).sort();
    const stored = async () =>
      (
        await sql<{
          id: string;
          loan_state: string;
          collections_state: { fellDue: number[] };
          last_move: { updatedAt: string };
          version: number;
        }>`
          SELECT id, loan_state::text AS loan_state, collections_state, last_move, version
          FROM loan_summaries WHERE id = ANY(${ids}::uuid[]) ORDER BY id`.execute(db)
      ).rows;
    const adminLoan = async (id: string) =>
      loanDetailSchema.parse((await t.http.get(`/api/admin/loans/${id}`).set(bearer(admin)).expect(200)).body);
    await setBusinessDate('2027-05-21');
    // Through the day before (instalment 5's going overdue and its penal charge, which rewrite the servicing), then
    // instalment 6's due date: it falls due on every loan, and a loan paid up so far turns SMA-0.
    await cob.run(CLOSE_OF_BUSINESS_ACTOR, '2027-05-20');
    const before = await stored();
    expect((await cob.run(CLOSE_OF_BUSINESS_ACTOR, '2027-05-21')).eventsAppended).toBeGreaterThanOrEqual(ids.length);
    const after = await stored();
    for (const [i, row] of after.entries()) {
      expect(row.loan_state).toBe(before[i]!.loan_state);
      expect(row.version).toBeGreaterThan(before[i]!.version);
      expect(row.collections_state.fellDue).toContain(6);
      expect(row.last_move.updatedAt).not.toBe(before[i]!.last_move.updatedAt);
    }
    const shown = await Promise.all(ids.map(adminLoan));

    // The rows as they stood before 0072 (the whole state in loan_state), then 0072 again.
    await collectionsStateApart.down(db as unknown as Kysely<unknown>);
    const merged = (
      await sql<{ loan_state: Record<string, unknown> }>`SELECT loan_state FROM loan_summaries WHERE id = ${ids[0]}`.execute(db)
    ).rows[0]!.loan_state;
    expect(merged).toMatchObject({ collections: after[0]!.collections_state, ...after[0]!.last_move });
    await collectionsStateApart.up(db as unknown as Kysely<unknown>);
    expect(await stored()).toEqual(after);
    expect(await Promise.all(ids.map(adminLoan))).toEqual(shown);
    const report = await verifyProjections(db, t.app.get(PlatformRegistry).projections);
    expect(report.differences).toEqual([]);
  });
});
