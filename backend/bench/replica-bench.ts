import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { createApi } from '../src/app/create-api.js';
import { loadConfig } from '../src/platform/config/config.js';
import { createRuntime, type Runtime } from '../src/platform/runtime.js';
import { postgresBinaries, startStreamingPair } from '../test/support/streaming-replica.js';
import { median, percentile, tidy } from './measure.js';

/**
 * Reads from a replica (issue 30 item 7), on a throwaway primary and a `pg_basebackup -R` standby on this machine:
 * what the read side costs on the replica against the primary, what a command's X-Commit-Position costs, and how a
 * staff member's read right after their own command is served (the replica at once, after a wait, or the primary).
 * Two APIs in this process on the same primary: one without READ_DATABASE_URL (today), one with it. JSON lines on
 * stdout. Run: `node --import ./test/support/ts-register.mjs bench/replica-bench.ts` in backend/ (BENCH_ROUNDS sets
 * the number of requests per figure, 300 by default).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const ADMIN = { email: 'admin@bench.local', password: 'admin-bench-password' };
/** A staff API as the tests run it: fast password hashes, no abuse limits in the way, queues on the primary. */
const ENV = {
  NODE_ENV: 'test',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ARGON2_MEMORY_KIB: '1024',
  JWT_SECRET: randomBytes(24).toString('hex'),
  QUEUE_BACKEND: 'postgres',
};
const LEADS = 2000;

type Api = { app: INestApplication; runtime: Runtime; base: string; token: string };

async function startApi(databaseUrl: string, env: Record<string, string>): Promise<Api> {
  const runtime = await createRuntime(loadConfig({ ...ENV, ...env }), () => undefined, {
    databaseUrl,
    queuePrefix: `bench-replica-${process.pid}`,
  });
  const app = await createApi(runtime, { logger: false });
  await app.listen(0, '127.0.0.1');
  return { app, runtime, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`, token: '' };
}

/** One session for both APIs (a second sign-in would end the first: one device per staff member). */
async function signIn(api: Api): Promise<string> {
  const login = await fetch(`${api.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await login.json()) as { token: string }).token;
}

let seq = 0;
/** `tracked`: sent as the console sends it, with X-Read-After, so the answer carries X-Commit-Position. */
async function createLead(api: Api, tracked = true): Promise<{ ms: number; position: string | null }> {
  seq += 1;
  const started = performance.now();
  const res = await fetch(`${api.base}/api/admin/leads`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${api.token}`, ...(tracked ? { 'X-Read-After': '0/0' } : {}) },
    body: JSON.stringify({ name: `Bench Lead ${seq}`, phone: `98${String(seq).padStart(8, '0')}` }),
  });
  if (res.status !== 201) throw new Error(`lead: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return { ms: performance.now() - started, position: res.headers.get('X-Commit-Position') };
}

async function listPage(api: Api, readAfter?: string | null): Promise<number> {
  const started = performance.now();
  const res = await fetch(
    `${api.base}/api/admin/leads?range=${encodeURIComponent('[0,24]')}&sort=${encodeURIComponent('["createdAt","DESC"]')}`,
    {
      headers: { Authorization: `Bearer ${api.token}`, ...(readAfter ? { 'X-Read-After': readAfter } : {}) },
    },
  );
  if (res.status !== 200) throw new Error(`list: ${res.status}`);
  await res.arrayBuffer();
  return performance.now() - started;
}

async function routes(api: Api): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { labels, value } of (await api.runtime.metrics.readRoutes.get()).values) counts[String(labels.route)] = value;
  return counts;
}

const emit = (figure: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ bench: 'replica', ...figure })}\n`);

async function main(): Promise<void> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('No PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup): set PG_BIN_DIR');
  const pair = await startStreamingPair(bin);
  const apis: Api[] = [];
  try {
    const primary = await startApi(pair.primaryUrl, {});
    apis.push(primary);
    const replica = await startApi(pair.primaryUrl, { READ_DATABASE_URL: pair.replicaUrl });
    apis.push(replica);
    primary.token = replica.token = await signIn(primary);
    for (let i = 0; i < LEADS; i++) await createLead(primary);
    for (let i = 0; i < 50; i++) await Promise.all([listPage(primary), listPage(replica)]);

    // The same page, alternately from each API, so both see the same machine load.
    const pages = { primary: [] as number[], replica: [] as number[], replicaAfter: [] as number[] };
    const { position: settled } = await createLead(replica);
    for (let i = 0; i < ROUNDS; i++) {
      pages.primary.push(await listPage(primary));
      pages.replica.push(await listPage(replica));
      pages.replicaAfter.push(await listPage(replica, settled));
    }
    const page = (name: string, values: number[], note: string) =>
      emit({ figure: `lead page ${name}`, p50_ms: tidy(median(values)), p95_ms: tidy(percentile(values, 95)), note });
    page('on the primary (no READ_DATABASE_URL)', pages.primary, 'today');
    page('on the replica', pages.replica, 'no X-Read-After');
    page('on the replica, X-Read-After caught up', pages.replicaAfter, 'position already replayed');
    emit({
      figure: 'replica page p50 / primary page p50',
      ratio: tidy(median(pages.replica) / median(pages.primary)),
      ratio_after: tidy(median(pages.replicaAfter) / median(pages.primary)),
    });

    // A command's answer with and without the position read after it.
    const commands = { primary: [] as number[], replica: [] as number[], untracked: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      commands.primary.push((await createLead(primary)).ms);
      commands.replica.push((await createLead(replica)).ms);
      commands.untracked.push((await createLead(replica, false)).ms);
    }
    emit({
      figure: 'lead command p50 with X-Commit-Position / without',
      without_ms: tidy(median(commands.primary)),
      with_ms: tidy(median(commands.replica)),
      ratio: tidy(median(commands.replica) / median(commands.primary)),
      untracked_ms: tidy(median(commands.untracked)),
      untracked_ratio: tidy(median(commands.untracked) / median(commands.primary)),
    });

    // Read-your-writes: a command, then at once the list with its position.
    const before = await routes(replica);
    const sequences: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { ms, position } = await createLead(replica);
      sequences.push(ms + (await listPage(replica, position)));
    }
    const after = await routes(replica);
    const moved = Object.fromEntries(Object.entries(after).map(([route, n]) => [route, n - (before[route] ?? 0)]));
    emit({
      figure: 'command then own list read (X-Read-After)',
      p50_ms: tidy(median(sequences)),
      p95_ms: tidy(percentile(sequences, 95)),
      statements_by_route: moved,
    });
  } finally {
    for (const api of apis) {
      await api.app.close();
      await api.runtime.close();
    }
    await pair.stop();
  }
}

await main();
