import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Migrator, sql, type Kysely } from 'kysely';
import { LoanHistoryGenerator, loanStreamId, stepMetadata, type GeneratedLoan } from '../../../bench/loan-histories.js';
import { CountLoanQueuesHandler } from '../../../src/lending/loan/application/queries/count-loan-queues.handler.js';
import { ListLoansHandler, ListLoansQuery } from '../../../src/lending/loan/application/queries/list-loans.handler.js';
import { APPROVED_QUEUES, LOAN_QUEUES, type LoanQueue } from '../../../src/lending/loan/application/queries/loan-queues.js';
import { LOAN_TYPES } from '../../../src/lending/loan/domain/loan.types.js';
import { loanSummaryProjection } from '../../../src/lending/loan/projections/loan-summary.projection.js';
import { LoanSummaryRebuild } from '../../../src/lending/loan/projections/loan-summary.rebuild.js';
import type { AppConfig } from '../../../src/platform/config/config.js';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../src/platform/config/product-settings.js';
import { createDb } from '../../../src/platform/database/database.js';
import { migrateToLatest } from '../../../src/platform/database/migrate.js';
import { migrationProvider } from '../../../src/platform/database/migrations/index.js';
import { PostgresEventStore } from '../../../src/platform/event-store/postgres-event-store.js';
import { inlineProjector } from '../../../src/platform/projections/projection.js';
import { rebuildProjections } from '../../../src/platform/projections/rebuild.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { createMigratedTestDatabase, createTestDatabase } from '../../support/test-database.js';
import * as mandatesStateApart from '../../../src/platform/database/migrations/0061-0080/0070-loan-mandates-state-apart.js';
import * as collectionsStateApart from '../../../src/platform/database/migrations/0061-0080/0072-loan-collections-state-apart.js';

/**
 * Issue 11: the queue counts kept with loan_summaries (migration 0012) always equal a count over the read model,
 * after appends by concurrent writers, after a rebuild, under verify, and after the migration on a database that
 * already held loans; the list's totals and the menu counts read them.
 */

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let db: Kysely<any>;
const config = { product: { currency: 'INR' } } as AppConfig;
const borrowers = Array.from({ length: 12 }, (_, i) => ({
  id: randomUUID(),
  name: `Counter Person${i} ${i % 3 === 0 ? 'Iyer' : 'Rao'}`,
  email: `counter.person${i}@example.com`,
  phone: `+9170000${String(i).padStart(5, '0')}`,
}));

function generate(count: number, seed: number): GeneratedLoan[] {
  const generator = new LoanHistoryGenerator(
    { borrowerIds: borrowers.map((b) => b.id), staffIds: [randomUUID(), randomUUID()] },
    DEFAULT_PRODUCT_SETTINGS,
    seed,
  );
  return Array.from({ length: count }, () => generator.next());
}

/** Appends each loan's history one event at a time, `writers` loans at once, with the inline projection. */
async function appendAll(target: Kysely<any>, loans: GeneratedLoan[], writers: number): Promise<void> {
  const store = new PostgresEventStore(target, inlineProjector([loanSummaryProjection]));
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let i = next++; i < loans.length; i = next++) {
        const loan = loans[i];
        for (const [version, step] of loan.steps.entries()) {
          await store.append(loanStreamId(loan.loanId), 'loan', [{ type: step.event.type, data: step.event.data }], {
            expectedVersion: version,
            metadata: stepMetadata(step),
          });
        }
      }
    }),
  );
}

const condition = (queue: LoanQueue) =>
  queue in APPROVED_QUEUES ? sql`${sql.ref(APPROVED_QUEUES[queue as keyof typeof APPROVED_QUEUES])} IS NOT NULL` : sql`state = ${queue}`;

/** count(*) over loan_summaries for every queue and type, keyed "queue/type". */
async function countedByQuery(target: Kysely<any>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const queue of LOAN_QUEUES) {
    for (const type of LOAN_TYPES) {
      const r = await sql<{ n: string }>`SELECT count(*) AS n FROM loan_summaries WHERE ${condition(queue)} AND type = ${type}`.execute(
        target,
      );
      counts[`${queue}/${type}`] = Number(r.rows[0].n);
    }
  }
  return counts;
}

async function countedByCounters(target: Kysely<any>): Promise<Record<string, number>> {
  const r = await sql<{
    queue: string;
    type: string;
    n: string;
  }>`SELECT queue, type, sum(n) AS n FROM loan_queue_counts GROUP BY 1, 2`.execute(target);
  const counts: Record<string, number> = Object.fromEntries(LOAN_QUEUES.flatMap((q) => LOAN_TYPES.map((t) => [`${q}/${t}`, 0])));
  for (const row of r.rows) counts[`${row.queue}/${row.type}`] = Number(row.n);
  return counts;
}

async function expectCountersMatch(target: Kysely<any>): Promise<void> {
  expect(await countedByCounters(target)).toEqual(await countedByQuery(target));
  const negative = await sql<{ n: string }>`SELECT count(*) AS n FROM loan_queue_counts WHERE n < 0`.execute(target);
  expect(Number(negative.rows[0].n)).toBe(0);
}

beforeAll(async () => {
  database = await createMigratedTestDatabase('queuecounters');
  db = database.db;
  await db
    .insertInto('loan_borrowers')
    .values(borrowers.map((b) => ({ user_id: b.id, name: b.name, email: b.email, phone: b.phone })))
    .execute();
  await appendAll(db, generate(160, 11), 8);
});

afterAll(async () => {
  await database?.close();
});

describe('loan queue counters', () => {
  it('equal a count over the read model after appends by 8 concurrent writers, per queue and type', async () => {
    const counted = await countedByQuery(db);
    expect(Object.values(counted).reduce((a, b) => a + b, 0)).toBeGreaterThan(160); // approved lists count loans again
    expect(counted['soft.pending/EMI'] + counted['soft.pending/salaryAdvance']).toBeGreaterThan(0);
    await expectCountersMatch(db);
    // The zero grid: every queue, type and slot has its row, so a recount compares row for row.
    const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM loan_queue_counts`.execute(db);
    expect(Number(rows.rows[0].n)).toBe(LOAN_QUEUES.length * LOAN_TYPES.length * 16);
  });

  it('back the list totals of every queue, with and without a type, and the menu counts', async () => {
    const list = new ListLoansHandler(db as never, config);
    const counted = await countedByQuery(db);
    const menu = await new CountLoanQueuesHandler(db as never).execute();
    for (const queue of LOAN_QUEUES) {
      const all = counted[`${queue}/EMI`] + counted[`${queue}/salaryAdvance`];
      expect(menu[queue]).toBe(all);
      const page = await list.execute(new ListLoansQuery({ queue }, { field: 'createdAt', order: 'DESC' }, { start: 0, end: 24 }));
      expect(page.total).toBe(all);
      expect(page.rows.length).toBe(Math.min(25, all));
      for (const type of LOAN_TYPES) {
        const typed = await list.execute(new ListLoansQuery({ queue, type }, { field: 'amount', order: 'ASC' }, { start: 0, end: 24 }));
        expect(typed.total).toBe(counted[`${queue}/${type}`]);
        expect(typed.rows.every((r) => r.type === type)).toBe(true);
      }
    }
    const everything = await list.execute(new ListLoansQuery({}, { field: 'createdAt', order: 'DESC' }, { start: 0, end: 24 }));
    expect(everything.total).toBe(160);
    // A filter without a counter is counted exactly over the read model.
    const from = '2000-01-01T00:00:00Z';
    const windowed = await list.execute(
      new ListLoansQuery({ queue: 'soft.approved', createdFrom: from }, { field: 'softApprovedAt', order: 'DESC' }, { start: 0, end: 24 }),
    );
    expect(windowed.total).toBe(counted['soft.approved/EMI'] + counted['soft.approved/salaryAdvance']);
  });

  it('order an approved list by its gate, newest first, and every sort both ways with the id tie-break', async () => {
    const list = new ListLoansHandler(db as never, config);
    const page = await list.execute(
      new ListLoansQuery({ queue: 'bank.approved' }, { field: 'bankApprovedAt', order: 'DESC' }, { start: 0, end: 499 }),
    );
    const times = page.rows.map((r) => r.approvals.bank!.at!);
    expect(times).toEqual([...times].sort().reverse());
    for (const [field, key] of [
      ['state', 'state'],
      ['type', 'type'],
      ['amount', 'amount'],
      ['tenureMonths', 'tenureMonths'],
    ] as const) {
      for (const order of ['ASC', 'DESC'] as const) {
        const rows = (await list.execute(new ListLoansQuery({ queue: 'soft.approved' }, { field, order }, { start: 0, end: 499 }))).rows;
        const keys = rows.map((r) => [r[key], r.id] as const);
        const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
        expect(keys).toEqual(order === 'ASC' ? sorted : sorted.reverse());
      }
    }
  });

  it('order every approved list by where the loan is now (the "Now" column), both ways, page after page, by state then id', async () => {
    // Issue 30 item 3: the console's state sort on the approved lists (read backwards or forwards from the gate's
    // (state, id) index); a list that holds loans in several states, read in pages of 7, must come out as one list in
    // (state, id) order, and in a single-state queue the sort is the id order alone.
    const list = new ListLoansHandler(db as never, config);
    const byStateThenId = (a: readonly [string, string], b: readonly [string, string]) =>
      a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
    const readAll = async (queue: LoanQueue, order: 'ASC' | 'DESC') => {
      const rows: (readonly [string, string])[] = [];
      for (let start = 0; ; start += 7) {
        const page = await list.execute(new ListLoansQuery({ queue }, { field: 'state', order }, { start, end: start + 6 }));
        rows.push(...page.rows.map((r) => [r.state, r.id] as const));
        if (page.rows.length < 7) return { rows, total: page.total };
      }
    };
    for (const queue of Object.keys(APPROVED_QUEUES) as LoanQueue[]) {
      for (const order of ['ASC', 'DESC'] as const) {
        const { rows, total } = await readAll(queue, order);
        expect(rows).toHaveLength(total);
        expect(new Set(rows.map(([, id]) => id)).size).toBe(total);
        const sorted = [...rows].sort(byStateThenId);
        expect(rows).toEqual(order === 'ASC' ? sorted : sorted.reverse());
      }
    }
    const finalStates = new Set((await readAll('final.approved', 'DESC')).rows.map(([state]) => state));
    expect(finalStates.size).toBeGreaterThan(1);
    for (const order of ['ASC', 'DESC'] as const) {
      const { rows } = await readAll('rejected', order);
      const ids = rows.map(([, id]) => id);
      expect(ids.length).toBeGreaterThan(7);
      expect(ids).toEqual(order === 'ASC' ? [...ids].sort() : [...ids].sort().reverse());
    }
  });

  it('searches a queue by borrower name, email, phone and loan id fragment, with an exact total', async () => {
    const list = new ListLoansHandler(db as never, config);
    const exact = async (queue: LoanQueue, where: ReturnType<typeof sql>) =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM loan_summaries l JOIN loan_borrowers b ON b.user_id = l.borrower_id WHERE ${condition(queue)} AND (${where})`.execute(
            db,
          )
        ).rows[0].n,
      );
    for (const queue of ['soft.approved', 'active', 'rejected'] as const) {
      const byName = await list.execute(
        new ListLoansQuery({ queue, q: 'IYER' }, { field: 'createdAt', order: 'DESC' }, { start: 0, end: 499 }),
      );
      expect(byName.total).toBe(await exact(queue, sql`b.name ILIKE '%iyer%'`));
      expect(byName.rows.every((r) => r.borrower.name.includes('Iyer'))).toBe(true);
    }
    const someone = borrowers[4];
    const byEmail = await list.execute(
      new ListLoansQuery({ q: 'person4@' }, { field: 'createdAt', order: 'DESC' }, { start: 0, end: 499 }),
    );
    expect(byEmail.total).toBe(
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM loan_summaries WHERE borrower_id = ${someone.id}`.execute(db)).rows[0].n),
    );
    expect(byEmail.rows.every((r) => r.borrower.email === someone.email)).toBe(true);
    const byPhone = await list.execute(
      new ListLoansQuery({ q: someone.phone.slice(-5) }, { field: 'createdAt', order: 'DESC' }, { start: 0, end: 499 }),
    );
    expect(byPhone.rows.length).toBeGreaterThan(0);
    expect(byPhone.rows.every((r) => r.borrower.phone === someone.phone || r.id.includes(someone.phone.slice(-5)))).toBe(true);
    const one = byEmail.rows[0];
    const byId = await list.execute(
      new ListLoansQuery(
        { queue: 'active', q: one.id.slice(9, 18).toUpperCase() },
        { field: 'createdAt', order: 'DESC' },
        { start: 0, end: 24 },
      ),
    );
    expect(byId.rows.map((r) => r.id)).toEqual(one.state === 'active' ? [one.id] : []);
    const anywhere = await list.execute(
      new ListLoansQuery({ q: one.id.slice(9, 18) }, { field: 'createdAt', order: 'DESC' }, { start: 0, end: 24 }),
    );
    expect(anywhere.rows.map((r) => r.id)).toContain(one.id);
    // Paging a search: the pages add up to the total, in order, without repeats.
    const all = await list.execute(new ListLoansQuery({ q: 'person' }, { field: 'amount', order: 'DESC' }, { start: 0, end: 499 }));
    expect(all.total).toBe(160);
    const second = await list.execute(new ListLoansQuery({ q: 'person' }, { field: 'amount', order: 'DESC' }, { start: 25, end: 49 }));
    expect(second.rows.map((r) => r.id)).toEqual(all.rows.slice(25, 50).map((r) => r.id));
  });

  it('are recounted by a rebuild (triggers off while it replays) and covered by verify', async () => {
    const before = await sql`SELECT * FROM loan_summaries ORDER BY id`.execute(db);
    const counters = await sql`SELECT * FROM loan_queue_counts ORDER BY queue, type, slot`.execute(db);
    await rebuildProjections(db, [loanSummaryProjection], { batchSize: 97 });
    expect((await sql`SELECT * FROM loan_summaries ORDER BY id`.execute(db)).rows).toEqual(before.rows);
    expect((await sql`SELECT * FROM loan_queue_counts ORDER BY queue, type, slot`.execute(db)).rows).toEqual(counters.rows);
    await expectCountersMatch(db);
    // The triggers are on again after the rebuild: more appends keep the counts.
    await appendAll(db, generate(30, 12), 4);
    await expectCountersMatch(db);
    const report = await verifyProjections(db, [loanSummaryProjection]);
    expect(report.tables).toEqual(['loan_summaries', 'loan_queue_counts', 'loan_id_search']);
    expect(report.differences).toEqual([]);
    // A counter that drifted is a difference.
    const counter = await sql<{ n: number }>`SELECT n FROM loan_queue_counts WHERE queue = 'new' AND type = 'EMI' AND slot = 3`.execute(db);
    const n = Number(counter.rows[0]!.n);
    await sql`UPDATE loan_queue_counts SET n = n + 1 WHERE queue = 'new' AND type = 'EMI' AND slot = 3`.execute(db);
    const [difference, ...others] = (await verifyProjections(db, [loanSummaryProjection])).differences;
    expect(others).toEqual([]);
    expect(difference).toMatchObject({ table: 'loan_queue_counts', onlyInLive: 1, onlyInRebuild: 1 });
    // The report shows the counter as each side holds it.
    const shown = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, n: Number(r.n) }));
    expect(shown(difference!.examples.live)).toEqual([{ queue: 'new', type: 'EMI', slot: 3, n: n + 1 }]);
    expect(shown(difference!.examples.rebuild)).toEqual([{ queue: 'new', type: 'EMI', slot: 3, n }]);
    await sql`UPDATE loan_queue_counts SET n = n - 1 WHERE queue = 'new' AND type = 'EMI' AND slot = 3`.execute(db);
  });

  it('a rebuild that holds few loans in memory (written out and read back) gives the same rows', async () => {
    const before = await sql`SELECT * FROM loan_summaries ORDER BY id`.execute(db);
    const projection = { ...loanSummaryProjection, startRebuild: undefined };
    await rebuildProjections(db, [projection], { batchSize: 50 });
    LoanSummaryRebuild.maxHeld = 5;
    try {
      await rebuildProjections(db, [loanSummaryProjection], { batchSize: 40 });
    } finally {
      LoanSummaryRebuild.maxHeld = 100_000;
    }
    expect((await sql`SELECT * FROM loan_summaries ORDER BY id`.execute(db)).rows).toEqual(before.rows);
    await expectCountersMatch(db);
  });

  it('a rebuild and a verify split into partitions of the log (by stream) give the same rows and counts', async () => {
    const before = await sql`SELECT * FROM loan_summaries ORDER BY id`.execute(db);
    const counters = await sql`SELECT * FROM loan_queue_counts ORDER BY queue, type, slot`.execute(db);
    const report = await rebuildProjections(db, [loanSummaryProjection], { workers: 3, batchSize: 45 });
    expect(report.workers).toBe(3);
    expect((await sql`SELECT * FROM loan_summaries ORDER BY id`.execute(db)).rows).toEqual(before.rows);
    expect((await sql`SELECT * FROM loan_queue_counts ORDER BY queue, type, slot`.execute(db)).rows).toEqual(counters.rows);
    expect((await verifyProjections(db, [loanSummaryProjection], { workers: 2 })).differences).toEqual([]);
    await expectCountersMatch(db);
  });

  it('count every statement that inserts, updates or upserts rows, one row or many (migration 0073: inserts counted only when a row was inserted)', async () => {
    const ids = (await sql<{ id: string }>`SELECT id FROM loan_summaries ORDER BY id LIMIT 12`.execute(db)).rows.map((r) => r.id);
    const counts = () => sql`SELECT queue, type, slot, n FROM loan_queue_counts ORDER BY 1, 2, 3`.execute(db).then((r) => r.rows);
    const before = await counts();

    // Nothing a queue is made of changes: not a counter moves.
    await sql`UPDATE loan_summaries SET updated_at = updated_at + interval '1 second', amount = amount + 1 WHERE id = ANY(${ids}::uuid[])`.execute(
      db,
    );
    await sql`INSERT INTO loan_summaries SELECT * FROM loan_summaries WHERE id = ${ids[0]}
              ON CONFLICT (id) DO UPDATE SET last_reason = 'touched'`.execute(db);
    expect(await counts()).toEqual(before);

    // Rows that move, several in one statement: out of a state, out of a gate's approved list, into another type.
    await sql`UPDATE loan_summaries SET state = 'rejected' WHERE id = ANY(${ids.slice(0, 4)}::uuid[])`.execute(db);
    await expectCountersMatch(db);
    await sql`UPDATE loan_summaries SET soft_approved_at = NULL, type = CASE type WHEN 'EMI' THEN 'salaryAdvance' ELSE 'EMI' END
              WHERE id = ${ids[4]}`.execute(db);
    await expectCountersMatch(db);
    // An upsert that takes the update path and moves the row.
    await sql`INSERT INTO loan_summaries SELECT * FROM loan_summaries WHERE id = ${ids[5]}
              ON CONFLICT (id) DO UPDATE SET state = 'cancelled'`.execute(db);
    await expectCountersMatch(db);
    // Two updates in one statement, one that moves a row and one that does not.
    await sql`WITH moved AS (UPDATE loan_summaries SET state = 'active' WHERE id = ${ids[6]} RETURNING id),
                   touched AS (UPDATE loan_summaries SET amount = amount + 1 WHERE id = ${ids[7]} RETURNING id)
              SELECT * FROM moved, touched`.execute(db);
    await expectCountersMatch(db);
    // A move rolled back to a savepoint, then a statement that moves nothing, then one that moves: each counted once.
    await db.transaction().execute(async (trx) => {
      await sql`SAVEPOINT before_move`.execute(trx);
      await sql`UPDATE loan_summaries SET state = 'rejected' WHERE id = ${ids[8]}`.execute(trx);
      await sql`ROLLBACK TO SAVEPOINT before_move`.execute(trx);
      await sql`UPDATE loan_summaries SET amount = amount + 1 WHERE id = ${ids[8]}`.execute(trx);
      await sql`UPDATE loan_summaries SET state = 'rejected' WHERE id = ${ids[9]}`.execute(trx);
    });
    await expectCountersMatch(db);
    // Upserts that insert: one new row, then several rows at once of which some are new; and a plain insert.
    // A copy of a row under a new id, whatever columns the table has.
    const copy = (salt: string) =>
      sql`SELECT (jsonb_populate_record(l, jsonb_build_object('id', md5(l.id::text || ${salt})::uuid))).* FROM loan_summaries l`;
    await sql`INSERT INTO loan_summaries ${copy('one')} WHERE id = ${ids[0]} ON CONFLICT (id) DO UPDATE SET state = 'rejected'`.execute(db);
    await expectCountersMatch(db);
    await sql`INSERT INTO loan_summaries SELECT * FROM loan_summaries WHERE id = ANY(${ids.slice(0, 3)}::uuid[])
              UNION ALL (${copy('many')} WHERE id = ANY(${ids.slice(3, 6)}::uuid[]))
              ON CONFLICT (id) DO UPDATE SET state = 'cancelled'`.execute(db);
    await expectCountersMatch(db);
    await sql`INSERT INTO loan_summaries ${copy('plain')} WHERE id = ANY(${ids.slice(6, 12)}::uuid[])`.execute(db);
    await expectCountersMatch(db);
    // An insert rolled back to a savepoint, then an upsert that only updates: nothing counted for the insert.
    await db.transaction().execute(async (trx) => {
      await sql`SAVEPOINT before_insert`.execute(trx);
      await sql`INSERT INTO loan_summaries ${copy('undone')} WHERE id = ${ids[11]}`.execute(trx);
      await sql`ROLLBACK TO SAVEPOINT before_insert`.execute(trx);
      await sql`INSERT INTO loan_summaries SELECT * FROM loan_summaries WHERE id = ${ids[11]}
                ON CONFLICT (id) DO UPDATE SET last_reason = 'touched again'`.execute(trx);
    });
    await expectCountersMatch(db);
    // A move in a transaction that is rolled back leaves nothing behind.
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE loan_summaries SET state = 'cancelled' WHERE id = ${ids[10]}`.execute(trx);
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back on purpose'));
    await sql`UPDATE loan_summaries SET amount = amount + 1 WHERE id = ${ids[10]}`.execute(db);
    await expectCountersMatch(db);
  });

  it('follow deletes and a truncate of the read model', async () => {
    const [victim] = (await sql<{ id: string }>`SELECT id FROM loan_summaries WHERE soft_approved_at IS NOT NULL LIMIT 1`.execute(db)).rows;
    await sql`DELETE FROM loan_summaries WHERE id = ${victim.id}`.execute(db);
    await expectCountersMatch(db);
    await sql`TRUNCATE loan_summaries`.execute(db);
    const total = await sql<{ n: string }>`SELECT coalesce(sum(n), 0) AS n FROM loan_queue_counts`.execute(db);
    expect(Number(total.rows[0].n)).toBe(0);
  });
});

describe('migration 0012 on a database that already holds loans', () => {
  it('backfills the counters from the read model', async () => {
    const old = await createTestDatabase('queuecounters_backfill');
    const target = createDb(old.url) as Kysely<any>;
    try {
      const migrator = new Migrator({ db: target, provider: migrationProvider });
      const before = await migrator.migrateTo('0010-documents');
      expect(before.error).toBeUndefined();
      await target
        .insertInto('loan_borrowers')
        .values(borrowers.map((b) => ({ user_id: b.id, name: b.name, email: b.email, phone: b.phone })))
        .execute();
      // Today's projection also writes the columns migrations 0018, 0023, 0070 and 0072 add: the old table has them while
      // the loans are appended, and loses them again before migrating, as a database of that time would be (its state
      // whole: 0072's down, then 0070's).
      await sql`ALTER TABLE loan_summaries ADD COLUMN dpd integer NOT NULL DEFAULT 0, ADD COLUMN classification text NOT NULL DEFAULT 'standard', ADD COLUMN overdue_since date, ADD COLUMN next_cob_on date, ADD COLUMN mandates_state jsonb, ADD COLUMN collections_state jsonb, ADD COLUMN last_move jsonb`.execute(
        target,
      );
      await appendAll(target, generate(60, 13), 4);
      await collectionsStateApart.down(target);
      await mandatesStateApart.down(target);
      await sql`ALTER TABLE loan_summaries DROP COLUMN dpd, DROP COLUMN classification, DROP COLUMN overdue_since, DROP COLUMN next_cob_on`.execute(
        target,
      );
      await migrateToLatest(target);
      await expectCountersMatch(target);
      const total = await sql<{
        n: string;
      }>`SELECT sum(n) AS n FROM loan_queue_counts WHERE queue = ANY(${['new', 'applied', 'soft.pending', 'bank.pending', 'consent.pending', 'consent.customerpending', 'final.pending', 'disbursal.pending', 'active', 'rejected', 'cancelled']})`.execute(
        target,
      );
      expect(Number(total.rows[0].n)).toBe(60);
    } finally {
      await target.destroy();
      await old.drop();
    }
  });
});
