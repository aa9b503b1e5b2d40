import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import { createScratchTables, dropSecondaryIndexes } from './scratch-tables.js';
import { indexBuildsFor, runInLanes, swapIn, tablesSwappableByRename } from './swap-in.js';
import { replayPartition, type PartitionPlan, type PartitionReport } from './replay-partition.js';
import type { Projection } from './projection.js';

export type RebuildReport = {
  events: number;
  batches: number;
  tables: string[];
  /** Partitions of the log replayed side by side, and whether each had a worker thread of its own. */
  workers: number;
  threads: boolean;
  milliseconds: number;
  /**
   * Where the time went: replaying the log's partitions (each writing its rows, `finish` included), what the
   * projections derive once at the end (`completeRebuild`), building the rebuilt tables' secondary indexes (on as many
   * connections as there are workers) and the swap into the live tables (a rebuild, not a verify). Milliseconds.
   */
  phases: { replay: number; finish: number; indexes: number; swap: number };
};

export type RebuildOptions = {
  batchSize?: number;
  /** Rebuild into the scratch copies of the tables in this schema (verify) instead of the live ones. */
  schema?: string;
  /**
   * Partitions of the log (by a hash of the stream id), replayed side by side on a connection each; default 1. Each
   * gets a worker thread of its own (so N partitions use N cores) when `databaseUrl` is given, the code runs compiled,
   * and every projection names its `module`; otherwise they share the calling thread (still N connections).
   */
  workers?: number;
  /** The database the worker threads connect to (the one `db` is connected to). */
  databaseUrl?: string;
  onProgress?: (events: number) => void;
};

/**
 * Replays the whole log through the projections into their tables. The log is split by stream into `workers`
 * partitions (a stream's events all go to one, in log order), each replayed on its own connection and in its own
 * transaction into scratch tables (a schema of its own: no lock on any live table while it runs, and no secondary
 * index or trigger on them); then the projections derive what spans partitions (`completeRebuild`, e.g. counts). A
 * table that may be replaced whole (tablesSwappableByRename: every plain table of ours) is rebuilt into a logged copy,
 * which gets the live table's secondary indexes and statistics next, built on `workers` connections at once while the
 * live table still serves; one transaction then locks the live tables and swaps them: such a table is dropped and
 * its copy moved in under its name, with its triggers, privileges and comment (a matter of milliseconds, whatever its
 * size); the rows of any other table are copied in (TRUNCATE, secondary indexes dropped, one INSERT … SELECT with user
 * triggers off, indexes built again). Until that transaction commits, readers see the old rows; from its lock,
 * queries and loan commands touching the tables wait (none fail, and an append that was waiting applies on top of the
 * rebuilt rows). Events appended while the partitions
 * replay are not in the scratch tables: run it in a quiet moment, as before. `schema` (verify) replays straight into
 * that schema's scratch tables and stops there, locking nothing live.
 */
export async function rebuildProjections(
  db: Kysely<any>,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildReport> {
  const started = performance.now();
  const tables = projections.flatMap((p) => p.tables);
  const workers = Math.max(1, Math.floor(options.workers ?? 1));
  const scratch = options.schema ?? `projection_rebuild_${process.pid}_${Date.now()}`;
  const phases = { replay: 0, finish: 0, indexes: 0, swap: 0 };
  let mark = performance.now();
  const lap = (phase: keyof typeof phases) => {
    const now = performance.now();
    phases[phase] += Math.round(now - mark);
    mark = now;
  };
  const renamed = options.schema ? new Set<string>() : await tablesSwappableByRename(db, tables);
  if (!options.schema) {
    await sql`CREATE SCHEMA ${sql.id(scratch)}`.execute(db);
    await createScratchTables(db, scratch, tables, renamed);
  }
  try {
    await analyzeLogIfStale(db);
    await db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('search_path', ${`${scratch}, public`}, true)`.execute(trx);
      if (tables.length > 0) await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
      // Every index but the primary key and unique ones (which upserts need) is left out of the scratch tables.
      await dropSecondaryIndexes(trx, tables);
    });
    const plans: PartitionPlan[] = Array.from({ length: workers }, (_, partition) => ({
      partition,
      partitions: workers,
      schema: scratch,
      batchSize: options.batchSize ?? 10_000,
    }));
    const threads = workers > 1 && canUseThreads(projections, options.databaseUrl);
    const progress = new Array<number>(workers).fill(0);
    const onProgress = (partition: number, events: number) => {
      progress[partition] = events;
      options.onProgress?.(progress.reduce((a, b) => a + b, 0));
    };
    // Every partition is waited for, also after one failed: the scratch schema is dropped only once none uses it.
    const settled = await Promise.allSettled(
      plans.map((plan) =>
        threads
          ? replayInThread(options.databaseUrl!, projections, plan, (n) => onProgress(plan.partition, n))
          : replayPartition(db, projections, plan, (n) => onProgress(plan.partition, n)),
      ),
    );
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const reports = settled.map((s) => (s as PromiseFulfilledResult<PartitionReport>).value);
    lap('replay');
    const completing = projections.filter((p) => p.completeRebuild);
    if (completing.length > 0) {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('search_path', ${`${scratch}, public`}, true)`.execute(trx);
        for (const projection of completing) await projection.completeRebuild!(trx);
      });
    }
    lap('finish');
    if (!options.schema) {
      const builds: string[] = [];
      for (const table of tables) if (renamed.has(table)) builds.push(...(await indexBuildsFor(db, scratch, table)));
      await runInLanes(db, builds, workers);
      lap('indexes');
      await swapIn(db, scratch, tables, renamed, lap);
    }
    return {
      events: reports.reduce((sum, r) => sum + r.events, 0),
      batches: reports.reduce((sum, r) => sum + r.batches, 0),
      tables,
      workers,
      threads,
      milliseconds: Math.round(performance.now() - started),
      phases,
    };
  } finally {
    if (!options.schema) await sql`DROP SCHEMA IF EXISTS ${sql.id(scratch)} CASCADE`.execute(db);
  }
}

/** Worker threads load the projections by their module URLs, which only compiled JavaScript can do. */
function canUseThreads(projections: readonly Projection[], databaseUrl: string | undefined): boolean {
  return databaseUrl !== undefined && import.meta.url.endsWith('.js') && projections.every((p) => p.module !== undefined);
}

type WorkerMessage = { progress: number } | { done: PartitionReport } | { failed: string };

/** Replays one partition in a worker thread of its own (rebuild-partition.worker.ts), on a connection of its own. */
function replayInThread(
  databaseUrl: string,
  projections: readonly Projection[],
  plan: PartitionPlan,
  onProgress: (events: number) => void,
): Promise<PartitionReport> {
  const worker = new Worker(new URL('./rebuild-partition.worker.js', import.meta.url), {
    workerData: { databaseUrl, plan, projections: projections.map((p) => ({ name: p.name, module: p.module })) },
  });
  return new Promise<PartitionReport>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      settled = true;
      outcome();
    };
    worker.on('message', (message: WorkerMessage) => {
      if ('progress' in message) onProgress(message.progress);
      else if ('done' in message) settle(() => resolve(message.done));
      else settle(() => reject(new Error(message.failed)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`rebuild partition ${plan.partition} stopped (exit code ${code})`));
    });
  });
}

/**
 * The partitions read the log in (transaction_id, global_position) order by its index. Without statistics on
 * `events` (a log just loaded or restored, before autovacuum got to it) the planner may misjudge the filter and sort
 * the whole log instead. So the log is analyzed first when it never was or has changed by more than a tenth since
 * (ANALYZE samples a fixed number of rows: about a second at millions of events, and it blocks no appends).
 */
async function analyzeLogIfStale(db: Kysely<any>): Promise<void> {
  const stats = await sql<{ stale: boolean }>`
    SELECT (coalesce(last_analyze, last_autoanalyze) IS NULL OR n_mod_since_analyze > greatest(1000, n_live_tup / 10)) AS stale
    FROM pg_stat_user_tables WHERE relid = 'public.events'::regclass`.execute(db);
  if (stats.rows[0]?.stale ?? true) await sql`ANALYZE public.events`.execute(db);
}
