/**
 * The HTTP command path (issue 11): staff approvals from 16 concurrent clients with p50/p95/p99 and a ratio against
 * the goal, and the per-request session check with its cache warm and, for comparison, bypassed.
 */
import http from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { SessionCache } from '../src/identity/auth/session-cache.js';
import type { ApiClient } from './api-client.js';
import { forEachConcurrently, median, percentile, seededRandom, tidy, type Figure } from './measure.js';

/** What these measurements need from the benchmark's context. */
export type HttpBenchContext = { api: ApiClient; app: INestApplication; figures: Figure[]; quick: boolean; log: (line: string) => void };

/** The goal: at least this many approvals per second from 16 concurrent clients, p99 at most 50 ms. */
export const APPROVALS_GOAL_PER_S = 1_000;
export const APPROVAL_P99_GOAL_MS = 50;

export function httpSizes(quick: boolean) {
  return quick
    ? { clients: 16, approvalsPerRun: 160, runs: 2, sessionRequests: 60, warmup: 5 }
    : { clients: 16, approvalsPerRun: 1_000, runs: 3, sessionRequests: 300, warmup: 20 };
}

/**
 * The load generator of the approvals: node:http over 16 kept-alive sockets. It shares the process (and the event
 * loop) with the API under test, so its own cost counts against the figure: undici's fetch spends about 1.2 ms of CPU
 * per request here, node:http a fraction of that. Answers the status, the parsed body and the time to the last byte.
 */
export class LeanClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, sockets: number) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  post(path: string, token: string, body: unknown): Promise<{ status: number; body: any; milliseconds: number }> {
    const payload = JSON.stringify(body);
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: this.host,
          port: this.port,
          method: 'POST',
          path,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, milliseconds: performance.now() - started });
            } catch (error) {
              reject(error as Error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
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
async function seedSoftPending(ctx: HttpBenchContext, borrowers: Session[], staffToken: string, count: number, clients: number): Promise<string[]> {
  const ids: string[] = [];
  const random = seededRandom(7);
  await forEachConcurrently(
    Array.from({ length: count }, (_, i) => i),
    clients,
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
      if (ids.length % 500 === 0) ctx.log(`  seeded ${ids.length}/${count} loans in soft.pending`);
    },
  );
  return ids;
}

/** Staff soft-check approvals over HTTP from 16 concurrent clients: throughput, p50/p95/p99, and the ratio to the goal. */
export async function benchmarkHttpApprovals(ctx: HttpBenchContext, staffToken: string): Promise<void> {
  const { clients, approvalsPerRun, runs } = httpSizes(ctx.quick);
  const borrowers: Session[] = [];
  for (let n = 1; n <= 8; n++) borrowers.push(await registerBorrower(ctx.api, n));
  const warmups = clients * 4;
  ctx.log(`Seeding ${approvalsPerRun * runs + warmups} loans in soft.pending through the API (register, create, submit, accept)`);
  const ids = await seedSoftPending(ctx, borrowers, staffToken, approvalsPerRun * runs + warmups, clients);

  const client = new LeanClient(ctx.api.baseUrl, clients);
  const approve = async (id: string, latencies: number[]) => {
    const answer = await client.post(`/api/admin/loans/${id}/approve-soft`, staffToken, { score: 640 + (id.charCodeAt(0) % 200) });
    if (answer.status !== 200 || answer.body?.state !== 'bank.pending') {
      throw new Error(`approve-soft of loan ${id} answered ${answer.status} (${answer.body?.state ?? answer.body?.detail ?? 'no body'}), not 200 bank.pending`);
    }
    latencies.push(answer.milliseconds);
  };
  // Warm-up: a few approvals per client, not measured.
  await forEachConcurrently(ids.splice(0, warmups), clients, (id) => approve(id, []));

  const rates: number[] = [];
  const p50s: number[] = [];
  const p95s: number[] = [];
  const p99s: number[] = [];
  const cpus: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const batch = ids.splice(0, approvalsPerRun);
    const latencies: number[] = [];
    const started = performance.now();
    const cpu = process.cpuUsage();
    await forEachConcurrently(batch, clients, (id) => approve(id, latencies));
    const rate = batch.length / ((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000 / batch.length);
    rates.push(rate);
    p50s.push(percentile(latencies, 50));
    p95s.push(percentile(latencies, 95));
    p99s.push(percentile(latencies, 99));
    ctx.log(
      `  run ${run}/${runs}: ${Math.round(rate)} approvals/s, p50 ${tidy(percentile(latencies, 50))} ms, p95 ${tidy(percentile(latencies, 95))} ms, p99 ${tidy(percentile(latencies, 99))} ms, ${tidy(cpus.at(-1)!)} ms CPU per approval in this process`,
    );
  }
  client.close();
  const note = `POST /api/admin/loans/:id/approve-soft, ${clients} concurrent clients, ${approvalsPerRun} approvals, median of ${runs}`;
  const rate = median(rates);
  const p99 = median(p99s);
  ctx.figures.push({ name: 'http_staff_approvals_per_s', value: rate, unit: 'approvals/s', note });
  ctx.figures.push({ name: 'http_staff_approve_p50_ms', value: median(p50s), unit: 'ms', note });
  ctx.figures.push({ name: 'http_staff_approve_p95_ms', value: median(p95s), unit: 'ms', note });
  ctx.figures.push({ name: 'http_staff_approve_p99_ms', value: p99, unit: 'ms', note });
  ctx.figures.push({
    name: 'http_staff_approve_process_cpu_ms',
    value: median(cpus),
    unit: 'ms',
    note: 'CPU time (user + system) of the benchmark process per approval: the API and its load generator share it; PostgreSQL not included. Robust to a busy machine, unlike the rate',
  });
  ctx.figures.push({ name: 'http_staff_approvals_vs_goal', value: rate / APPROVALS_GOAL_PER_S, unit: 'ratio', note: `goal ≥ 1.0 (${APPROVALS_GOAL_PER_S.toLocaleString('en')}/s)` });
  ctx.figures.push({ name: 'http_staff_approve_p99_vs_goal', value: APPROVAL_P99_GOAL_MS / p99, unit: 'ratio', note: `goal ≥ 1.0 (p99 ≤ ${APPROVAL_P99_GOAL_MS} ms)` });
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
    { name: 'http_public_get', path: '/api/public/emi?principal=10000000&annualRatePercent=18&months=12', token: undefined, cached: true, label: 'GET /api/public/emi (no token)' },
    { name: 'http_authenticated_get', path: '/api/users/admin', token: staffToken, cached: true, label: 'GET /api/users/admin (JWT + session check, cache warm)' },
    { name: 'http_authenticated_get_uncached', path: '/api/users/admin', token: staffToken, cached: false, label: 'GET /api/users/admin (JWT + session, user and role read from PostgreSQL)' },
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
