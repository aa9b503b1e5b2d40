import { sql, type Kysely } from 'kysely';
import { toRecordedEvent } from '../event-store/postgres-event-store.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { relevantEvents, type Projection, type ProjectionRebuild, type ReplayedEvent } from './projection.js';

export type RebuildReport = {
  events: number;
  batches: number;
  tables: string[];
  milliseconds: number;
  /** Where the time went: replaying the log, the projections' `finish` (writing held rows, derived tables), index builds. */
  phases: { replay: number; finish: number; indexes: number };
};

/**
 * Replays the whole log through the projections into their tables in one transaction. TRUNCATE takes the tables'
 * exclusive lock: until the rebuild commits, queries and loan commands touching them wait (none fail, and an
 * append that was waiting applies on top of the rebuilt rows). Being one transaction, it also holds durable
 * subscriptions back while it runs. Run it in a quiet moment. `schema` sends the rows to scratch copies of the
 * tables instead (verify), which locks nothing live.
 *
 * For speed at millions of events: the tables' secondary indexes (every index but the primary key and unique
 * ones, which upserts need) are dropped after the TRUNCATE and built again from their saved definitions once the
 * rows are in (a bulk build is far cheaper than maintaining a dozen indexes row by row; a failed rebuild rolls the
 * drop back with everything else). A projection with `startRebuild` replays through it (held state, bulk writes);
 * the others through `applyBatch`. The log is read through one cursor in log order, by the log's index (statistics
 * are refreshed first if missing, see analyzeLogIfStale); the next batch is fetched while the current one is being
 * applied. When every projection's replay is lean, only the columns of ReplayedEvent are read.
 */
export async function rebuildProjections(
  db: Kysely<any>,
  projections: readonly Projection[],
  options: { batchSize?: number; schema?: string; onProgress?: (events: number) => void } = {},
): Promise<RebuildReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 10_000;
  const tables = projections.flatMap((p) => p.tables);
  let events = 0;
  let batches = 0;
  const phases = { replay: 0, finish: 0, indexes: 0 };
  await db.transaction().execute(async (trx) => {
    if (options.schema) await sql`SELECT set_config('search_path', ${`${options.schema}, public`}, true)`.execute(trx);
    // Index builds at the end sort in memory rather than on disk (this transaction only).
    await sql`SELECT set_config('maintenance_work_mem', '256MB', true)`.execute(trx);
    await analyzeLogIfStale(trx);
    if (tables.length > 0) await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
    const indexes = await dropSecondaryIndexes(trx, tables);
    const sessions: { projection: Projection; rebuild: ProjectionRebuild }[] = [];
    for (const projection of projections) {
      sessions.push({
        projection,
        rebuild: projection.startRebuild
          ? await projection.startRebuild(trx)
          : { applyBatch: (d, e) => projection.applyBatch(d, e), finish: async () => undefined },
      });
    }
    const types = [...new Set(projections.flatMap((p) => p.eventTypes))];
    // One cursor over the log in log order (one plan, one index scan; no per-batch keyset lookups). A lean replay
    // reads only the columns of ReplayedEvent, named and typed so that each row already is one (no metadata or time
    // parsed, no copy made).
    const lean = sessions.every(({ rebuild }) => rebuild.lean === true);
    const columns = lean
      ? sql`global_position::float8 AS "position", stream_id AS "streamId", version, type, data`
      : sql`global_position, stream_id, stream_type, version, type, data, metadata, recorded_at, transaction_id::text`;
    await sql`
      DECLARE projection_rebuild_log NO SCROLL CURSOR FOR
      SELECT ${columns} FROM public.events
      WHERE type = ANY(${types})
      ORDER BY events.transaction_id, events.global_position`.execute(trx);
    const fetch = () => sql<any>`FETCH ${sql.raw(String(batchSize))} FROM projection_rebuild_log`.execute(trx).then((r) => r.rows);
    let mark = performance.now();
    const lap = (phase: keyof typeof phases) => {
      const now = performance.now();
      phases[phase] = Math.round(now - mark);
      mark = now;
    };
    let pending = fetch();
    for (;;) {
      const rows = await pending;
      if (rows.length === 0) break;
      // Ask for the next batch now: PostgreSQL reads it while this one is applied (the connection queues the
      // projection's own statements behind it). Should applying fail first, that fetch's failure is not unhandled.
      pending = rows.length < batchSize ? Promise.resolve([]) : fetch();
      pending.catch(() => undefined);
      const batch: RecordedEvent[] | ReplayedEvent[] = lean ? rows : rows.map(toRecordedEvent);
      for (const { projection, rebuild } of sessions) {
        // The cursor reads only the projections' types: a single projection gets every row.
        const mine = sessions.length === 1 ? batch : relevantEvents<RecordedEvent | ReplayedEvent>(projection, batch);
        if (mine.length > 0) await rebuild.applyBatch(trx, mine as RecordedEvent[]);
      }
      events += batch.length;
      batches += 1;
      options.onProgress?.(events);
    }
    lap('replay');
    for (const { rebuild } of sessions) await rebuild.finish(trx);
    lap('finish');
    for (const definition of indexes) await sql.raw(definition).execute(trx);
    lap('indexes');
  });
  return { events, batches, tables, milliseconds: Math.round(performance.now() - started), phases };
}

/**
 * The cursor reads the log in (transaction_id, global_position) order by its index. Without statistics on `events`
 * (a log just loaded or restored, before autovacuum got to it) the planner may misjudge the filter and sort the
 * whole log instead (and batches read by keyset, as they once were, sorted the whole rest of it for every batch). So
 * the log is analyzed first when it never was or has changed by more than a tenth since (ANALYZE samples a fixed
 * number of rows: about a second at millions of events, and it blocks no appends).
 */
async function analyzeLogIfStale(trx: Kysely<any>): Promise<void> {
  const stats = await sql<{ stale: boolean }>`
    SELECT (coalesce(last_analyze, last_autoanalyze) IS NULL OR n_mod_since_analyze > greatest(1000, n_live_tup / 10)) AS stale
    FROM pg_stat_user_tables WHERE relid = 'public.events'::regclass`.execute(trx);
  if (stats.rows[0]?.stale ?? true) await sql`ANALYZE public.events`.execute(trx);
}

/** Drops the non-unique indexes of `tables` (as the search path resolves them) and answers their definitions. */
async function dropSecondaryIndexes(trx: Kysely<any>, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const found = await sql<{ name: string; definition: string }>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY(SELECT to_regclass(t) FROM unnest(${tables}::text[]) AS t)
      AND NOT i.indisunique AND NOT i.indisprimary AND NOT i.indisexclusion
    ORDER BY i.indexrelid`.execute(trx);
  for (const index of found.rows) await sql`DROP INDEX ${sql.raw(index.name)}`.execute(trx);
  return found.rows.map((index) => index.definition);
}
