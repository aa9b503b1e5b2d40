/**
 * The HTTP command path (issue 11): staff approvals from 16 concurrent clients with p50/p95/p99 and a ratio against
 * the goal; against a floor server measured run for run beside the API (issue 30, item 1: http-floor.process.ts),
 * approvals/s and CPU per approval as ratios; and the per-request session check with its cache warm and, for comparison, bypassed.
 */
import type { ChildProcess } from 'node:child_process';
import type { INestApplication } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { SessionCache } from '../src/identity/auth/session-cache.js';
import { LoanCommandExecutor } from '../src/lending/loan/application/loan-command-executor.js';
import { ApiClient } from './api-client.js';
import { forkBenchScript, stopBenchScript } from './child-process.js';
import type { LoadReply, LoadRequest } from './http-load.process.js';
import { startCpuProfile } from './cpu-profile.js';
import { samplePostgresCpu } from './postgres-cpu.js';
import { forEachConcurrently, median, percentile, seededRandom, tidy, type Figure } from './measure.js';

/** What these measurements need from the benchmark's context. */
export type HttpBenchContext = {
  api: ApiClient;
  app: INestApplication;
  /** The bench's database: PostgreSQL's CPU per approval is read off its server processes (samplePostgresCpu). */
  db: Kysely<any>;
  figures: Figure[];
  quick: boolean;
  log: (line: string) => void;
  /** What a further API process needs to serve the same database, queues and tokens (see http-api.process.ts). */
  apiProcessEnv: { BENCH_DATABASE_URL: string; BENCH_QUEUE_PREFIX: string; BENCH_JWT_SECRET: string };
};

/** The goal: at least this many approvals per second from 16 concurrent clients, p99 at most 50 ms. */
export const APPROVALS_GOAL_PER_S = 1_000;
export const APPROVAL_P99_GOAL_MS = 50;
/** Issue 30, item 1: the API against a floor server in the same run, at 16 clients. */
export const APPROVALS_VS_FLOOR_GOAL = 0.9;
export const CPU_VS_FLOOR_GOAL = 1.5;

export function httpSizes(quick: boolean) {
  return quick
    ? { clients: 16, approvalsPerRun: 160, runs: 2, sessionRequests: 60, warmup: 5, warmupApprovalsPerClient: 4 }
    : { clients: 16, approvalsPerRun: 1_000, runs: 3, sessionRequests: 300, warmup: 20, warmupApprovalsPerClient: 25 };
}

type Session = { token: string; id: string };

async function registerBorrower(api: ApiClient, n: number): Promise<Session> {
  const suffix = `${Date.now() % 1_000_000}${n}`.padStart(8, '0');
  const answer = await api.call('POST', '/api/auth/register', {
    expect: 201,
    body: {
      name: `Bench Borrower ${n}`,
      email: `bench.borrower.${suffix}@example.com`,
      phone: `+9198${suffix.slice(-8)}`,
      password: 'bench-borrower-password',
    },
  });
  return { token: answer.body.token, id: answer.body.user.id };
}

/** Loans in soft.pending made through the API exactly as a borrower and staff would: create, submit, accept. */
async function seedSoftPending(
  ctx: HttpBenchContext,
  api: ApiClient,
  borrowers: Session[],
  staffToken: string,
  count: number,
  clients: number,
): Promise<string[]> {
  const ids: string[] = [];
  const random = seededRandom(7);
  await forEachConcurrently(
    Array.from({ length: count }, (_, i) => i),
    clients,
    async (i) => {
      const borrower = borrowers[i % borrowers.length];
      const emi = random() < 0.7;
      const body = emi
        ? { type: 'EMI', amount: 1_000_000 + Math.floor(random() * 400) * 100_000, tenureMonths: 3 + Math.floor(random() * 34) }
        : { type: 'salaryAdvance', amount: 500_000 + Math.floor(random() * 90) * 100_000 };
      const created = await api.call('POST', '/api/me/loans', { token: borrower.token, body, expect: 201 });
      const id = created.body.id as string;
      await api.call('POST', `/api/me/loans/${id}/submit`, { token: borrower.token });
      const accepted = await api.call('POST', `/api/admin/loans/${id}/accept`, { token: staffToken, body: {} });
      if (accepted.body.state !== 'soft.pending')
        throw new Error(`seeding: loan ${id} is in ${accepted.body.state} after accept, not soft.pending`);
      ids.push(id);
      if (ids.length % 500 === 0) ctx.log(`  seeded ${ids.length}/${count} loans in soft.pending`);
    },
  );
  return ids;
}

/** One measured configuration of the approvals: how many API processes serve them. */
type ApprovalRuns = {
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  apiCpuMs: number;
  loadCpuMs: number;
  /** PostgreSQL's CPU per approval (its server processes for the bench's database; NaN when they cannot be read). */
  postgresCpuMs: number;
};

/**
 * Staff soft-check approvals over HTTP from 16 concurrent clients: throughput, p50/p95/p99, and the ratio to the goal.
 * The clients run in a process of their own (http-load.process.ts). Measured with the bench's own API process alone
 * (the figures the goal is judged on), then with one more API process beside it, the clients spread over both, as
 * an operator would run one API process per core behind a load balancer.
 */
export async function benchmarkHttpApprovals(ctx: HttpBenchContext, staffToken: string): Promise<void> {
  const { clients, approvalsPerRun, runs, warmupApprovalsPerClient } = httpSizes(ctx.quick);
  const borrowers: Session[] = [];
  for (let n = 1; n <= 8; n++) borrowers.push(await registerBorrower(ctx.api, n));
  const warmups = clients * warmupApprovalsPerClient;
  const perConfiguration = approvalsPerRun * runs + warmups;

  const load = await forkBenchScript<{ ready: true }>('./http-load.process.js', {}, (m) => (m === 'ready' ? { ready: true } : undefined));
  const floor = await forkBenchScript<{ port: number }>('./http-floor.process.js', ctx.apiProcessEnv, (m) =>
    typeof (m as { port?: unknown })?.port === 'number' ? (m as { port: number }) : undefined,
  );
  const second = await forkBenchScript<{ port: number }>('./http-api.process.js', ctx.apiProcessEnv, (m) =>
    typeof (m as { port?: unknown })?.port === 'number' ? (m as { port: number }) : undefined,
  );
  // The floor's work served by NestJS on each adapter (http-framework-floor.process.ts): what the framework costs.
  const nestFloor = (framework: 'express' | 'fastify') =>
    forkBenchScript<{ port: number }>('./http-framework-floor.process.js', { ...ctx.apiProcessEnv, BENCH_FRAMEWORK: framework }, (m) =>
      typeof (m as { port?: unknown })?.port === 'number' ? (m as { port: number }) : undefined,
    );
  const nestExpress = await nestFloor('express');
  const nestFastify = await nestFloor('fastify');
  try {
    const secondUrl = `http://127.0.0.1:${second.message.port}`;
    // A process keeps the loans it appended to last (RecentLoans) and decides their next command without reading the
    // stream: loans accepted through the bench's process are kept there, those accepted through the second are not.
    ctx.log(
      `Seeding ${perConfiguration * 6} loans in soft.pending through the API (register, create, submit, accept): ${perConfiguration * 5} through the bench's API process (a share for each floor server), ${perConfiguration} through a second`,
    );
    const kept = await seedSoftPending(ctx, ctx.api, borrowers, staffToken, perConfiguration * 5, clients);
    const elsewhere = await seedSoftPending(ctx, new ApiClient(secondUrl), borrowers, staffToken, perConfiguration, clients);
    // The process keeps the last RECENT_LOANS_CAPACITY loans it moved: the API's own shares are the last seeded (the
    // floors' shares, seeded first, are pushed out), and each is checked before it is measured.
    const oneIds = kept.splice(-perConfiguration);
    const twoIds = kept.splice(-perConfiguration);
    const executor = ctx.app.get(LoanCommandExecutor);
    const keptShare = (ids: readonly string[]) => ids.filter((id) => executor.keeps(id)).length / ids.length;
    const oneKept = keptShare(oneIds);
    if (oneKept < 1)
      throw new Error(
        `only ${(100 * oneKept).toFixed(1)} % of the loans for "1 API process" are kept: the figure would not be what it says`,
      );
    // The API and the floor server (http-floor.process.ts), run for run in turn, under the same load generator.
    const [oneRuns, floorRuns, nestExpressRuns, nestFastifyRuns] = await measureInterleaved(ctx, load.child, staffToken, [
      { label: '1 API process', baseUrls: [ctx.api.baseUrl], ids: oneIds, cpuMs: ownCpuMs, profile: true },
      {
        label: 'floor server (node:http + pg)',
        baseUrls: [`http://127.0.0.1:${floor.message.port}`],
        ids: kept.splice(0, perConfiguration),
        cpuMs: childCpuMs(floor.child),
      },
      {
        label: 'floor on NestJS + Express',
        baseUrls: [`http://127.0.0.1:${nestExpress.message.port}`],
        ids: kept.splice(0, perConfiguration),
        cpuMs: childCpuMs(nestExpress.child),
      },
      {
        label: 'floor on NestJS + Fastify',
        baseUrls: [`http://127.0.0.1:${nestFastify.message.port}`],
        ids: kept.splice(0, perConfiguration),
        cpuMs: childCpuMs(nestFastify.child),
      },
    ]);
    const one = medianRuns(oneRuns!);
    const atFloor = medianRuns(floorRuns!);
    // Ratios within each run (API run i against floor run i, measured side by side), then their median.
    const ratioOf = (f: (api: ApprovalRuns, floor: ApprovalRuns) => number) => median(oneRuns!.map((r, i) => f(r, floorRuns![i]!)));
    // Before the loans moved elsewhere are approved here (and so kept here, pushing older ones out).
    ctx.log(`  2 API processes: ${(100 * keptShare(twoIds)).toFixed(1)} % of their loans kept by the first`);
    const two = await measureApprovals(ctx, load.child, [ctx.api.baseUrl, secondUrl], staffToken, twoIds, '2 API processes');
    const notKept = await measureApprovals(
      ctx,
      load.child,
      [ctx.api.baseUrl],
      staffToken,
      elsewhere,
      '1 API process, loans last moved by another process',
    );
    const note = `POST /api/admin/loans/:id/approve-soft, ${clients} concurrent clients in a process of their own, ${approvalsPerRun} approvals, median of ${runs}`;
    const notKeptNote = `${note}, 1 API process, each loan accepted through another process (so not kept: the stream is read)`;
    ctx.figures.push({
      name: 'http_staff_approvals_per_s',
      value: one.rate,
      unit: 'approvals/s',
      note: `${note}, 1 API process, each loan accepted through it (kept)`,
    });
    ctx.figures.push({ name: 'http_staff_approve_p50_ms', value: one.p50, unit: 'ms', note });
    ctx.figures.push({ name: 'http_staff_approve_p95_ms', value: one.p95, unit: 'ms', note });
    ctx.figures.push({ name: 'http_staff_approve_p99_ms', value: one.p99, unit: 'ms', note });
    ctx.figures.push({
      name: 'http_staff_approve_api_cpu_ms',
      value: one.apiCpuMs,
      unit: 'ms',
      note: 'CPU time (user + system) of the API process per approval, PostgreSQL not included. Robust to a busy machine, unlike the rate',
    });
    ctx.figures.push({
      name: 'http_staff_approve_load_generator_cpu_ms',
      value: one.loadCpuMs,
      unit: 'ms',
      note: 'CPU time of the load generator process per approval',
    });
    ctx.figures.push({
      name: 'http_staff_approvals_vs_goal',
      value: one.rate / APPROVALS_GOAL_PER_S,
      unit: 'ratio',
      note: `goal ≥ 1.0 (${APPROVALS_GOAL_PER_S.toLocaleString('en')}/s)`,
    });
    ctx.figures.push({
      name: 'http_staff_approve_p99_vs_goal',
      value: APPROVAL_P99_GOAL_MS / one.p99,
      unit: 'ratio',
      note: `goal ≥ 1.0 (p99 ≤ ${APPROVAL_P99_GOAL_MS} ms)`,
    });
    const floorNote = `${note}, the floor server: node:http + pg in a process of its own (HS256 token verified, JSON body parsed, one transaction: the loan's row locked, the event inserted, the summary row updated), run for run beside the API`;
    ctx.figures.push({ name: 'http_floor_approvals_per_s', value: atFloor.rate, unit: 'approvals/s', note: floorNote });
    ctx.figures.push({ name: 'http_floor_approve_p99_ms', value: atFloor.p99, unit: 'ms', note: floorNote });
    ctx.figures.push({
      name: 'http_floor_approve_cpu_ms',
      value: atFloor.apiCpuMs,
      unit: 'ms',
      note: 'CPU time (user + system) of the floor server process per approval, PostgreSQL not included',
    });
    ctx.figures.push({
      name: 'http_staff_approvals_vs_floor',
      value: ratioOf((api, floor) => api.rate / floor.rate),
      unit: 'ratio',
      note: `API approvals/s / the floor's in the same run, median of ${runs} side-by-side runs; goal >= ${APPROVALS_VS_FLOOR_GOAL}`,
    });
    ctx.figures.push({
      name: 'http_staff_approve_cpu_vs_floor',
      value: ratioOf((api, floor) => api.apiCpuMs / floor.apiCpuMs),
      unit: 'ratio',
      note: `API CPU per approval / the floor's in the same run, median of ${runs} side-by-side runs; goal <= ${CPU_VS_FLOOR_GOAL}`,
    });
    // What the rate leans on besides the serving process: the two cores are shared with PostgreSQL and the load generator.
    const postgresNote =
      "PostgreSQL's CPU per approval (user + system of the database's server processes, read from /proc at the start and end of each run; the WAL writer and checkpointer not counted)";
    ctx.figures.push({
      name: 'http_staff_approve_postgres_cpu_ms',
      value: one.postgresCpuMs,
      unit: 'ms',
      note: `${postgresNote}, the API`,
    });
    ctx.figures.push({
      name: 'http_floor_approve_postgres_cpu_ms',
      value: atFloor.postgresCpuMs,
      unit: 'ms',
      note: `${postgresNote}, the floor`,
    });
    ctx.figures.push({
      name: 'http_staff_approve_postgres_cpu_vs_floor',
      value: ratioOf((api, floor) => api.postgresCpuMs / floor.postgresCpuMs),
      unit: 'ratio',
      note: `${postgresNote}: the API's / the floor's in the same run, median of ${runs} side-by-side runs (diagnostic: what the API's statement costs the database beside the floor's)`,
    });
    // What the framework costs an approval, each adapter against the plain floor run for run: the API runs on Fastify.
    for (const [framework, runsOf] of [
      ['express', nestExpressRuns!],
      ['fastify', nestFastifyRuns!],
    ] as const) {
      const frameworkNote = `the floor's approval served by NestJS on its ${framework === 'express' ? 'Express (default)' : 'Fastify'} adapter (a controller, a guard verifying the token, Nest's JSON body and answer, no application), run for run beside the API and the floor`;
      ctx.figures.push({
        name: `http_nest_${framework}_floor_approve_cpu_ms`,
        value: medianRuns(runsOf).apiCpuMs,
        unit: 'ms',
        note: frameworkNote,
      });
      ctx.figures.push({
        name: `http_nest_${framework}_floor_cpu_vs_floor`,
        value: median(runsOf.map((r, i) => r.apiCpuMs / floorRuns![i]!.apiCpuMs)),
        unit: 'ratio',
        note: `${frameworkNote}: its CPU per approval / the plain floor's, median of ${runs} side-by-side runs`,
      });
    }
    ctx.figures.push({
      name: 'http_nest_fastify_vs_express_floor_cpu',
      value: median(nestFastifyRuns!.map((r, i) => r.apiCpuMs / nestExpressRuns![i]!.apiCpuMs)),
      unit: 'ratio',
      note: 'CPU per approval of the floor on NestJS + Fastify / on NestJS + Express, median of the side-by-side runs: what the adapter change would leave of the framework',
    });
    ctx.figures.push({ name: 'http_staff_approvals_per_s_not_kept', value: notKept.rate, unit: 'approvals/s', note: notKeptNote });
    ctx.figures.push({ name: 'http_staff_approve_p99_ms_not_kept', value: notKept.p99, unit: 'ms', note: notKeptNote });
    ctx.figures.push({
      name: 'http_staff_approve_api_cpu_ms_not_kept',
      value: notKept.apiCpuMs,
      unit: 'ms',
      note: `${notKeptNote}; CPU of the API process per approval`,
    });
    ctx.figures.push({
      name: 'http_staff_approvals_per_s_2_api_processes',
      value: two.rate,
      unit: 'approvals/s',
      note: `${note}, clients spread over 2 API processes, each loan accepted through the first (kept there, not in the second)`,
    });
    ctx.figures.push({
      name: 'http_staff_approve_p99_ms_2_api_processes',
      value: two.p99,
      unit: 'ms',
      note: `${note}, clients spread over 2 API processes, each loan accepted through the first (kept there, not in the second)`,
    });
  } finally {
    await Promise.all([load, second, floor, nestExpress, nestFastify].map((script) => stopBenchScript(script.child)));
  }
}

/** Where a configuration's approvals go, and how its server's CPU time so far is read (ms, user + system). */
type Target = { label: string; baseUrls: string[]; ids: string[]; cpuMs: () => Promise<number>; profile?: boolean };

/** Each target's runs, interleaved (run 1 of each, then run 2 of each, ...) so that they share the machine's moods. */
async function measureInterleaved(ctx: HttpBenchContext, load: ChildProcess, token: string, targets: Target[]): Promise<ApprovalRuns[][]> {
  const { clients, approvalsPerRun, runs, warmupApprovalsPerClient } = httpSizes(ctx.quick);
  // Warm-up, not measured: 25 approvals per client (400), so that every server's paths are compiled before its first
  // run (with 4 per client, each target's first run was its slowest by 30-90 %, and the median leaned on it).
  for (const t of targets)
    await runLoad(load, { baseUrls: t.baseUrls, token, ids: t.ids.splice(0, clients * warmupApprovalsPerClient), clients });
  const results: ApprovalRuns[][] = targets.map(() => []);
  const profile = targets.some((t) => t.profile) ? await startCpuProfile() : undefined;
  for (let run = 1; run <= runs; run++) {
    for (const [i, t] of targets.entries()) {
      const batch = t.ids.splice(0, approvalsPerRun);
      // Read at the start and the end of the run only, outside the serving process's CPU window (a run is a second or
      // two; the pool's connections live through it): sampling every 0.2 s would spend the API process's own CPU,
      // which this run measures, on reading /proc.
      const postgres = await samplePostgresCpu(ctx.db, 0);
      const cpuBefore = await t.cpuMs();
      const reply = await runLoad(load, { baseUrls: t.baseUrls, token, ids: batch, clients });
      const cpuAfter = await t.cpuMs();
      const postgresSeconds = await postgres.stop();
      const result = {
        rate: batch.length / reply.seconds,
        p50: percentile(reply.latencies, 50),
        p95: percentile(reply.latencies, 95),
        p99: percentile(reply.latencies, 99),
        apiCpuMs: (cpuAfter - cpuBefore) / batch.length,
        loadCpuMs: reply.cpuMs / batch.length,
        postgresCpuMs: (postgresSeconds * 1000) / batch.length,
      };
      results[i]!.push(result);
      ctx.log(
        `  ${t.label}, run ${run}/${runs}: ${Math.round(result.rate)} approvals/s, p50 ${tidy(result.p50)} ms, p95 ${tidy(result.p95)} ms, p99 ${tidy(result.p99)} ms; ` +
          `CPU per approval ${tidy(result.apiCpuMs)} ms in the server's process, ${tidy(result.loadCpuMs)} ms in the load generator, ` +
          `${tidy(result.postgresCpuMs)} ms in PostgreSQL`,
      );
    }
  }
  const profiled = targets.find((t) => t.profile);
  if (profiled) await profile?.stop(`http-api-${profiled.label.replace(/\W+/g, '-')}`, ctx.log);
  return results;
}

/** The median of each figure over the runs. */
function medianRuns(results: ApprovalRuns[]): ApprovalRuns {
  const of = (key: keyof ApprovalRuns) => median(results.map((r) => r[key]));
  return {
    rate: of('rate'),
    p50: of('p50'),
    p95: of('p95'),
    p99: of('p99'),
    apiCpuMs: of('apiCpuMs'),
    loadCpuMs: of('loadCpuMs'),
    postgresCpuMs: of('postgresCpuMs'),
  };
}

/** The bench's own process serves the API (nothing else runs in it while the load runs). */
const ownCpuMs = () => {
  const used = process.cpuUsage();
  return Promise.resolve((used.user + used.system) / 1000);
};

async function measureApprovals(
  ctx: HttpBenchContext,
  load: ChildProcess,
  baseUrls: string[],
  token: string,
  ids: string[],
  label: string,
): Promise<ApprovalRuns> {
  const [results] = await measureInterleaved(ctx, load, token, [{ label, baseUrls, ids, cpuMs: ownCpuMs, profile: true }]);
  return medianRuns(results!);
}

/** A forked bench script's CPU time so far, asked over its IPC channel (`cpu`, answered `{ cpuMs }`). */
function childCpuMs(child: ChildProcess): () => Promise<number> {
  return () =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the floor server exited with ${code}`));
      const onMessage = (m: unknown) => {
        const cpuMs = (m as { cpuMs?: unknown })?.cpuMs;
        if (typeof cpuMs !== 'number') return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(cpuMs);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send('cpu');
    });
}

function runLoad(load: ChildProcess, request: LoadRequest): Promise<Extract<LoadReply, { ok: true }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the load generator exited with ${code}`));
    load.once('exit', onExit);
    load.once('message', (reply: LoadReply) => {
      load.off('exit', onExit);
      if (reply.ok) resolve(reply);
      else reject(new Error(reply.error));
    });
    load.send(request);
  });
}

/**
 * What the per-request session check costs: a public request (the calculator) against an authenticated one of similar
 * work (the signed-in user), with the session cache warm (every request after the first) and with it bypassed (the
 * session, user and role read from PostgreSQL on every request, as before the cache).
 */
export async function benchmarkSessionCheck(ctx: HttpBenchContext, staffToken: string): Promise<void> {
  const { sessionRequests: requests, warmup } = httpSizes(ctx.quick);
  const cache = ctx.app.get(SessionCache);
  const cases = [
    {
      name: 'http_public_get',
      path: '/api/public/emi?principal=10000000&annualRatePercent=18&months=12',
      token: undefined,
      cached: true,
      label: 'GET /api/public/emi (no token)',
    },
    {
      name: 'http_authenticated_get',
      path: '/api/users/admin',
      token: staffToken,
      cached: true,
      label: 'GET /api/users/admin (JWT + session check, cache warm)',
    },
    {
      name: 'http_authenticated_get_uncached',
      path: '/api/users/admin',
      token: staffToken,
      cached: false,
      label: 'GET /api/users/admin (JWT + session, user and role read from PostgreSQL)',
    },
  ];
  const medians: Record<string, number> = {};
  for (const c of cases) {
    cache.setBypassed(!c.cached);
    try {
      for (let i = 0; i < warmup; i++) await ctx.api.call('GET', c.path, { token: c.token });
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
      ctx.log(`  ${c.label}: p50 ${tidy(percentile(latencies, 50))} ms, p95 ${tidy(percentile(latencies, 95))} ms`);
    } finally {
      cache.setBypassed(false);
    }
  }
  ctx.figures.push({
    name: 'http_session_check_overhead_ms',
    value: medians.http_authenticated_get - medians.http_public_get,
    unit: 'ms',
    note: 'difference of the two p50s, cache warm: the session check from the per-process cache plus the handler reading the user once',
  });
  ctx.figures.push({
    name: 'http_session_check_overhead_uncached_ms',
    value: medians.http_authenticated_get_uncached - medians.http_public_get,
    unit: 'ms',
    note: 'the same with the cache bypassed: the session, user and role read from PostgreSQL on every request',
  });
}
