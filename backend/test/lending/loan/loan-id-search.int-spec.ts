import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Migrator, sql, type Kysely } from 'kysely';
import { LoanHistoryGenerator, loanStreamId, stepMetadata, type GeneratedLoan } from '../../../bench/loan-histories.js';
import { ListLoansHandler, ListLoansQuery } from '../../../src/lending/loan/application/queries/list-loans.handler.js';
import { evolve, initialLoanState, type LoanState } from '../../../src/lending/loan/domain/loan.state.js';
import type { LoanEvent } from '../../../src/lending/loan/domain/loan.events.js';
import {
  loanSummaryProjection,
  loanSummaryUpsert,
  submittedAtAfter,
} from '../../../src/lending/loan/projections/loan-summary.projection.js';
import { LoanSummaryRebuild } from '../../../src/lending/loan/projections/loan-summary.rebuild.js';
import type { AppConfig } from '../../../src/platform/config/config.js';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../src/platform/config/product-settings.js';
import { createDb } from '../../../src/platform/database/database.js';
import { migrateToLatest } from '../../../src/platform/database/migrate.js';
import { migrationProvider } from '../../../src/platform/database/migrations/index.js';
import * as loanIdSearchApart from '../../../src/platform/database/migrations/0061-0080/0074-loan-id-search-apart.js';
import { PostgresEventStore } from '../../../src/platform/event-store/postgres-event-store.js';
import { inlineProjector } from '../../../src/platform/projections/projection.js';
import { rebuildProjections } from '../../../src/platform/projections/rebuild.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { createMigratedTestDatabase, createTestDatabase } from '../../support/test-database.js';

/**
 * Issue 30: the loan id's trigram index lives on `loan_id_search` (migration 0074), which holds every loan's id once.
 * Given any way rows reach `loan_summaries` (the projection run inline, rows pre-built by the writer, statements by
 * hand that insert, upsert, update, delete or truncate, a rollback), then the table holds exactly the read model's
 * ids; a rebuild refills it, verify compares it, and the console's search by a fragment of an id reads it.
 */

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let db: Kysely<any>;
const config = { product: { currency: 'INR' } } as AppConfig;
const borrowers = Array.from({ length: 6 }, (_, i) => ({
  id: randomUUID(),
  name: `Search Person${i}`,
  email: `search.person${i}@example.com`,
  phone: `+9171000${String(i).padStart(5, '0')}`,
}));

function generate(count: number, seed: number): GeneratedLoan[] {
  const generator = new LoanHistoryGenerator(
    { borrowerIds: borrowers.map((b) => b.id), staffIds: [randomUUID()] },
    DEFAULT_PRODUCT_SETTINGS,
    seed,
  );
  return Array.from({ length: count }, () => generator.next());
}

/**
 * Appends each loan's history one event at a time. `prebuilt`: the writer folds the loan and sends its
 * loan_summaries row with the append (as the command executor does); else the projection runs in the append.
 */
async function appendAll(target: Kysely<any>, loans: GeneratedLoan[], prebuilt: boolean): Promise<void> {
  const store = new PostgresEventStore(target, inlineProjector([loanSummaryProjection]));
  for (const loan of loans) {
    let state: LoanState = initialLoanState;
    let submittedAt: string | null = null;
    for (const [version, step] of loan.steps.entries()) {
      const events = [{ type: step.event.type, data: step.event.data }];
      state = evolve(state, step.event as LoanEvent);
      submittedAt = submittedAtAfter(submittedAt, events);
      const row = prebuilt ? loanSummaryUpsert(state, version + 1, submittedAt) : undefined;
      await store.append(loanStreamId(loan.loanId), 'loan', events, {
        expectedVersion: version,
        metadata: stepMetadata(step),
        ...(row && { projectedRows: [row] }),
      });
    }
  }
}

const idsOf = async (target: Kysely<any>, table: 'loan_summaries' | 'loan_id_search') =>
  (await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} ORDER BY id`.execute(target)).rows.map((r) => r.id);

async function expectIdsMatch(target: Kysely<any>): Promise<void> {
  expect(await idsOf(target, 'loan_id_search')).toEqual(await idsOf(target, 'loan_summaries'));
}

beforeAll(async () => {
  database = await createMigratedTestDatabase('loanidsearch');
  db = database.db;
  await db
    .insertInto('loan_borrowers')
    .values(borrowers.map((b) => ({ user_id: b.id, name: b.name, email: b.email, phone: b.phone })))
    .execute();
  await appendAll(db, generate(20, 31), false);
  await appendAll(db, generate(20, 32), true);
});

afterAll(async () => {
  await database?.close();
});

describe('loan id search (migration 0074)', () => {
  it('holds every loan id once after appends with the projection inline and with rows pre-built by the writer', async () => {
    expect((await idsOf(db, 'loan_summaries')).length).toBe(40);
    await expectIdsMatch(db);
    // The trigram index is on the ids' table, and no longer on the read model that every event rewrites.
    const indexes = await sql<{ table: string; name: string }>`
      SELECT tablename AS table, indexname AS name FROM pg_indexes WHERE indexdef LIKE '%gin_trgm_ops%' AND indexdef LIKE '%(id)::text%'`.execute(
      db,
    );
    expect(indexes.rows).toEqual([{ table: 'loan_id_search', name: 'loan_id_search_text' }]);
  });

  it('follows statements on loan_summaries by hand: inserts, upserts, an id changed, deletes, a rollback and a truncate', async () => {
    const [source] = await idsOf(db, 'loan_summaries');
    const copy = (id: string) => sql`
      INSERT INTO loan_summaries SELECT (jsonb_populate_record(l, jsonb_build_object('id', ${id}::uuid))).* FROM loan_summaries l WHERE l.id = ${source}`;
    // An insert, and two rows in one statement.
    const one = randomUUID();
    await copy(one).execute(db);
    const [two, three] = [randomUUID(), randomUUID()];
    await sql`
      INSERT INTO loan_summaries
      SELECT (jsonb_populate_record(l, jsonb_build_object('id', n.id))).* FROM loan_summaries l, unnest(${[two, three]}::uuid[]) AS n(id)
      WHERE l.id = ${source}`.execute(db);
    await expectIdsMatch(db);
    expect(await idsOf(db, 'loan_id_search')).toEqual(expect.arrayContaining([one, two, three]));
    // An upsert that updates adds nothing; one that inserts adds its id.
    const four = randomUUID();
    await sql`
      INSERT INTO loan_summaries
      SELECT (jsonb_populate_record(l, jsonb_build_object('id', n.id))).* FROM loan_summaries l, unnest(${[one, four]}::uuid[]) AS n(id)
      WHERE l.id = ${source}
      ON CONFLICT (id) DO UPDATE SET amount = excluded.amount + 1`.execute(db);
    await expectIdsMatch(db);
    // An id changed by hand (no writer does) moves.
    const moved = randomUUID();
    await sql`UPDATE loan_summaries SET id = ${moved} WHERE id = ${two}`.execute(db);
    await expectIdsMatch(db);
    expect(await idsOf(db, 'loan_id_search')).not.toContain(two);
    // Deletes, one row and several.
    await sql`DELETE FROM loan_summaries WHERE id = ANY(${[one, moved, three, four]}::uuid[])`.execute(db);
    await expectIdsMatch(db);
    // A rolled-back transaction leaves nothing behind.
    const ghost = randomUUID();
    await db
      .transaction()
      .execute(async (trx) => {
        await copy(ghost).execute(trx);
        throw new Error('rolled back on purpose');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back on purpose'));
    expect(await idsOf(db, 'loan_id_search')).not.toContain(ghost);
    await expectIdsMatch(db);
  });

  it('is refilled by a rebuild (1 and 2 workers) and compared by verify, which finds an id missing or extra', async () => {
    const before = await idsOf(db, 'loan_id_search');
    await sql`DELETE FROM loan_id_search WHERE id = ${before[0]}`.execute(db);
    await rebuildProjections(db, [loanSummaryProjection], { batchSize: 37 });
    expect(await idsOf(db, 'loan_id_search')).toEqual(before);
    await rebuildProjections(db, [loanSummaryProjection], { workers: 2, batchSize: 29 });
    expect(await idsOf(db, 'loan_id_search')).toEqual(before);
    // The replay holding few loans in memory (rows written out, read back and written again: each id written once),
    // and the replay through applyBatch (which writes no id: the table is filled at the end, from the rows).
    LoanSummaryRebuild.maxHeld = 3;
    try {
      await rebuildProjections(db, [loanSummaryProjection], { batchSize: 23 });
    } finally {
      LoanSummaryRebuild.maxHeld = 100_000;
    }
    expect(await idsOf(db, 'loan_id_search')).toEqual(before);
    await rebuildProjections(db, [{ ...loanSummaryProjection, startRebuild: undefined }], { batchSize: 31 });
    expect(await idsOf(db, 'loan_id_search')).toEqual(before);
    // The rebuilt table has its trigram index, and the triggers on loan_summaries still keep it.
    const index = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_indexes WHERE indexname = 'loan_id_search_text'`.execute(db);
    expect(Number(index.rows[0].n)).toBe(1);
    await appendAll(db, generate(3, 33), true);
    await expectIdsMatch(db);

    const report = await verifyProjections(db, [loanSummaryProjection]);
    expect(report.tables).toContain('loan_id_search');
    expect(report.differences).toEqual([]);
    const [first] = await idsOf(db, 'loan_id_search');
    await sql`DELETE FROM loan_id_search WHERE id = ${first}`.execute(db);
    const extra = [randomUUID(), randomUUID()].sort();
    await sql`INSERT INTO loan_id_search (id) VALUES (${extra[0]}), (${extra[1]})`.execute(db);
    expect((await verifyProjections(db, [loanSummaryProjection])).differences).toEqual([
      {
        table: 'loan_id_search',
        onlyInLive: 2,
        onlyInRebuild: 1,
        examples: { live: extra.map((id) => ({ id })), rebuild: [{ id: first }] },
      },
    ]);
    await rebuildProjections(db, [loanSummaryProjection]);
    await expectIdsMatch(db);
  });

  it('finds a loan by a fragment of its id, in any case, anywhere in the list and in its queue', async () => {
    const list = new ListLoansHandler(db as never, config);
    const [loan] = (await sql<{ id: string; state: string }>`SELECT id, state FROM loan_summaries ORDER BY id LIMIT 1`.execute(db)).rows;
    const fragment = loan.id.slice(9, 18).toUpperCase();
    const anywhere = await list.execute(new ListLoansQuery({ q: fragment }, { field: 'createdAt', order: 'DESC' }, { start: 0, end: 24 }));
    expect(anywhere.rows.map((r) => r.id)).toContain(loan.id);
    expect(anywhere.rows.every((r) => r.id.includes(fragment.toLowerCase()) || r.borrower.phone?.includes(fragment))).toBe(true);
    const inQueue = await list.execute(
      new ListLoansQuery({ queue: loan.state as never, q: fragment }, { field: 'amount', order: 'ASC' }, { start: 0, end: 24 }),
    );
    expect(inQueue.rows.map((r) => r.id)).toEqual([loan.id]);
    expect(inQueue.total).toBe(1);
    const nowhere = await list.execute(
      new ListLoansQuery({ q: 'ffffffff-ffff' }, { field: 'createdAt', order: 'DESC' }, { start: 0, end: 24 }),
    );
    expect(nowhere.total).toBe(0);
  });

  it('empties with a truncate of the read model', async () => {
    await sql`TRUNCATE loan_summaries`.execute(db);
    expect(await idsOf(db, 'loan_id_search')).toEqual([]);
  });
});

describe('migration 0074 on a database that already holds loans', () => {
  it('fills the table with the ids there are, moves the index, and puts it back when undone', async () => {
    const old = await createTestDatabase('loanidsearch_backfill');
    const target = createDb(old.url) as Kysely<any>;
    try {
      const migrator = new Migrator({ db: target, provider: migrationProvider });
      expect((await migrator.migrateTo('0073-queue-counts-of-inserted-rows-only')).error).toBeUndefined();
      await target
        .insertInto('loan_borrowers')
        .values(borrowers.map((b) => ({ user_id: b.id, name: b.name, email: b.email, phone: b.phone })))
        .execute();
      await appendAll(target, generate(12, 34), false);
      await migrateToLatest(target);
      await expectIdsMatch(target);
      expect((await idsOf(target, 'loan_id_search')).length).toBe(12);

      // As the migrator runs a migration: in a transaction of its own.
      await target.transaction().execute((trx) => loanIdSearchApart.down(trx as Kysely<any>));
      const back = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE indexname = 'loan_summaries_id_text'`.execute(
        target,
      );
      expect(back.rows).toEqual([{ name: 'loan_summaries_id_text' }]);
      const table = await sql<{ t: string | null }>`SELECT to_regclass('loan_id_search')::text AS t`.execute(target);
      expect(table.rows[0].t).toBeNull();
      // And up again: the loans appended meanwhile are there too.
      await appendAll(target, generate(2, 35), false);
      await target.transaction().execute((trx) => loanIdSearchApart.up(trx as Kysely<any>));
      await expectIdsMatch(target);
      expect((await idsOf(target, 'loan_id_search')).length).toBe(14);
    } finally {
      await target.destroy();
      await old.drop();
    }
  });
});
