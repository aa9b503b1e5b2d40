import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createMigratedTestDatabase } from '../../support/test-database.js';
import type { Db } from '../../../src/platform/database/database.js';
import { PostgresEventStore } from '../../../src/platform/event-store/postgres-event-store.js';
import { applyProjections, inlineProjector } from '../../../src/platform/projections/projection.js';
import { rebuildProjections } from '../../../src/platform/projections/rebuild.js';
import { verifyProjections } from '../../../src/platform/projections/verify.js';
import { randomUUID } from 'node:crypto';
import { LoanHistoryGenerator } from '../../../bench/loan-histories.js';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../src/platform/config/product-settings.js';
import { happyPath } from '../../../src/lending/loan/domain/loan-history.fixture.js';
import { evolve, initialLoanState, type LoanState } from '../../../src/lending/loan/domain/loan.state.js';
import {
  loanSummaryProjection,
  loanSummaryUpsert,
  submittedAtAfter,
} from '../../../src/lending/loan/projections/loan-summary.projection.js';

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let db: Db;
let store: PostgresEventStore;
const BORROWER_ID = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  database = await createMigratedTestDatabase('loanprojection');
  db = database.db;
  store = new PostgresEventStore(db, inlineProjector([loanSummaryProjection]));
});

afterAll(async () => {
  await database?.close();
});

/** The domain fixture's full history, re-addressed to a real loan id and borrower. */
function historyFor(loanId: string, type: 'EMI' | 'salaryAdvance') {
  return happyPath(type).map((e) => ({
    type: e.type,
    data: { ...e.data, loanId, ...(e.type === 'LoanApplicationStarted' ? { borrowerId: BORROWER_ID } : {}) } as Record<string, unknown>,
  }));
}

const rows = () => sql<Record<string, unknown>>`SELECT * FROM loan_summaries ORDER BY id`.execute(db).then((r) => r.rows);

describe('loan summaries projection', () => {
  it('given a full history, shows the loan active with every gate, who passed it and when', async () => {
    const id = 'aaaaaaaa-0000-4000-8000-000000000001';
    const events = historyFor(id, 'EMI');
    for (let i = 0; i < events.length; i += 1) await store.append(`loan-${id}`, 'loan', [events[i]], { expectedVersion: i });
    const [row] = (await rows()).filter((r) => r.id === id);
    expect(row).toMatchObject({ state: 'active', type: 'EMI', borrower_id: BORROWER_ID, version: events.length });
    for (const gate of ['soft', 'bank', 'consent', 'final']) {
      expect(row[`${gate}_approved_at`]).toBeInstanceOf(Date);
      expect(typeof row[`${gate}_approved_by`]).toBe('string');
    }
  });

  it('applies an event it has already seen as a no-op, and a rebuild gives the same rows twice', async () => {
    const id = 'aaaaaaaa-0000-4000-8000-000000000002';
    await store.append(`loan-${id}`, 'loan', historyFor(id, 'salaryAdvance'), { expectedVersion: 0 });
    const before = await rows();
    const recorded = await store.readStream(`loan-${id}`);
    await applyProjections(db, [loanSummaryProjection], recorded);
    expect(await rows()).toEqual(before);
    await rebuildProjections(db, [loanSummaryProjection], { batchSize: 3 });
    expect(await rows()).toEqual(before);
    await rebuildProjections(db, [loanSummaryProjection]);
    expect(await rows()).toEqual(before);
  });

  it('verify reports a read model that no longer matches the log', async () => {
    expect((await verifyProjections(db, [loanSummaryProjection])).differences).toEqual([]);
    await sql`UPDATE loan_summaries SET amount = amount + 1 WHERE id = 'aaaaaaaa-0000-4000-8000-000000000001'`.execute(db);
    const [difference] = (await verifyProjections(db, [loanSummaryProjection])).differences;
    const changed = expect.objectContaining({ id: 'aaaaaaaa-0000-4000-8000-000000000001' });
    // The report shows the row as each side holds it: the amount one more in live than the log makes it.
    expect(difference).toEqual({
      table: 'loan_summaries',
      onlyInLive: 1,
      onlyInRebuild: 1,
      examples: { live: [changed], rebuild: [changed] },
    });
    expect(Number(difference!.examples.live[0]!.amount)).toBe(Number(difference!.examples.rebuild[0]!.amount) + 1);
    await rebuildProjections(db, [loanSummaryProjection]);
    expect((await verifyProjections(db, [loanSummaryProjection])).differences).toEqual([]);
  });

  it("a writer's pre-built row is, byte for byte, the row the projection and a rebuild write", async () => {
    const generator = new LoanHistoryGenerator(
      { borrowerIds: [randomUUID(), randomUUID()], staffIds: [randomUUID()] },
      DEFAULT_PRODUCT_SETTINGS,
      11,
    );
    const loans = Array.from({ length: 60 }, () => generator.next());
    for (const [n, loan] of loans.entries()) {
      // As the command executor does: fold what it loaded, decide, fold the new events, send the row along. Every
      // third loan takes the projection's own path on alternate steps, and some appends carry two events.
      let state: LoanState = initialLoanState;
      let submittedAt: string | null = null;
      for (let version = 0; version < loan.steps.length;) {
        const take = n % 4 === 1 && version + 1 < loan.steps.length ? 2 : 1;
        const events = loan.steps.slice(version, version + take).map((s) => s.event);
        state = events.reduce(evolve, state);
        submittedAt = submittedAtAfter(submittedAt, events);
        const prebuilt = !(n % 3 === 2 && version % 2 === 1);
        const row = loanSummaryUpsert(state, version + take, submittedAt);
        await store.append(`loan-${loan.loanId}`, 'loan', events, {
          expectedVersion: version,
          projectedRows: prebuilt && row ? [row] : [],
        });
        version += take;
      }
    }
    const asText = () =>
      sql<{ row: string }>`SELECT s::text AS row FROM loan_summaries s ORDER BY id`.execute(db).then((r) => r.rows.map((x) => x.row));
    const written = await asText();
    expect(written.filter((r) => loans.some((l) => r.includes(l.loanId)))).toHaveLength(loans.length);
    expect((await verifyProjections(db, [loanSummaryProjection])).differences).toEqual([]);
    await rebuildProjections(db, [loanSummaryProjection]);
    expect(await asText()).toEqual(written);
  });
});
