import { sql, type Kysely } from 'kysely';
import { loanSummaryProjection } from '../src/lending/loan/projections/loan-summary.projection.js';
import { rebuildProjections } from '../src/platform/projections/rebuild.js';
import { tidy, type Figure } from './measure.js';
import { samplePostgresCpu } from './postgres-cpu.js';

export const REBUILD_GOAL_EVENTS_PER_S = 50_000;
/**
 * The partitions (worker threads) the full rebuild is timed with, one after the other on the same log: 1 and 2, or
 * the list in BENCH_REBUILD_WORKERS (e.g. `1,2,3`).
 */
export const REBUILD_WORKERS: readonly number[] = (process.env.BENCH_REBUILD_WORKERS ?? '1,2')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n >= 1 && n <= 64);

export type RebuildBenchContext = {
  db: Kysely<any>;
  databaseUrl: string;
  figures: Figure[];
  log: (line: string) => void;
  interrupted: () => boolean;
};

/**
 * Issue 30, item 4: the full rebuild of loan_summaries (and its queue counts) from the whole log, with 1 and then 2
 * workers (partitions of the log by stream, a worker thread and a connection each), on the same log in the same run.
 * For each: events/s, the phases, and the CPU spent per event by Node (this process, worker threads included) and by
 * PostgreSQL (this database's server processes, sampled).
 */
export async function benchmarkFullRebuild(ctx: RebuildBenchContext): Promise<void> {
  let loans: number | undefined;
  for (const workers of REBUILD_WORKERS) {
    if (ctx.interrupted()) return;
    // Untimed: the passes autovacuum would make over the log just loaded and the table just written or swapped in (a
    // million fresh rows each), made now, so that the run does not share the cores with them.
    const settling = performance.now();
    await sql`VACUUM events, loan_summaries`.execute(ctx.db);
    ctx.log(`VACUUM events, loan_summaries before the run (untimed): ${((performance.now() - settling) / 1000).toFixed(1)} s`);
    ctx.log(`Rebuilding loan_summaries (and its queue counts) from the whole log, ${workers} worker(s)`);
    let lastReport = performance.now();
    const node = process.cpuUsage();
    const postgres = await samplePostgresCpu(ctx.db);
    const report = await rebuildProjections(ctx.db, [loanSummaryProjection], {
      workers,
      databaseUrl: ctx.databaseUrl,
      onProgress: (events) => {
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          ctx.log(`  full rebuild: ${events} events replayed, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`);
        }
      },
    });
    const pgSeconds = await postgres.stop();
    const used = process.cpuUsage(node);
    const nodeSeconds = (used.user + used.system) / 1e6;
    const seconds = report.milliseconds / 1000;
    const rate = report.events / seconds;
    const rebuilt = await count(ctx.db, 'loan_summaries');
    if (loans !== undefined && rebuilt !== loans)
      throw new Error(`loan_summaries holds ${rebuilt} loans after this rebuild, ${loans} after the one before`);
    loans = rebuilt;
    const { replay, finish, indexes, swap } = report.phases;
    const perEvent = (s: number) => (s * 1e6) / report.events;
    const phases = `replay ${replay / 1000} s, recount ${finish / 1000} s, index builds and statistics ${indexes / 1000} s, swap into the live tables ${swap / 1000} s`;
    const cpu = `CPU per event: Node ${tidy(perEvent(nodeSeconds))} µs, PostgreSQL ${tidy(perEvent(pgSeconds))} µs`;
    ctx.log(
      `  full rebuild, ${workers} worker(s)${report.threads ? ' (threads)' : ''}: ${report.events} events into ${loans} loans in ${seconds.toFixed(1)} s = ${Math.round(rate)} events/s (${phases}); ${cpu}`,
    );
    const note = `rebuildProjections of ${report.events} events (${loans} loans), ${workers} worker(s)${report.threads ? ' in threads' : ''}, ${seconds.toFixed(1)} s (${phases}), 1 run`;
    ctx.figures.push({ name: `rebuild_events_per_s_workers_${workers}`, value: rate, unit: 'events/s', note });
    ctx.figures.push({
      name: `rebuild_cpu_us_per_event_workers_${workers}`,
      value: perEvent(nodeSeconds + pgSeconds),
      unit: 'µs',
      note: `${cpu} (Node: process.cpuUsage, threads included; PostgreSQL: this database's backends, sampled every 0.2 s)`,
    });
    ctx.figures.push({
      name: `rebuild_workers_${workers}_vs_goal`,
      value: rate / REBUILD_GOAL_EVENTS_PER_S,
      unit: 'ratio',
      note: `goal >= 1.0 (${REBUILD_GOAL_EVENTS_PER_S} events/s at 1,000,000 loans)`,
    });
    if (workers === 1) {
      // The figure under the name of the earlier runs (one worker).
      ctx.figures.push({ name: 'projection_rebuild_events_per_s_full_log', value: rate, unit: 'events/s', note });
    }
  }
}

async function count(db: Kysely<any>, table: string): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(r.rows[0].n);
}
