import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

/**
 * The Playwright backend harness of both browser suites: the built backend (backend/dist/main.js) on a fresh
 * database of its own, serving the built app, as `npm start` runs it, on a free port. PostgreSQL as the backend's
 * tests find it (backend/test/support/test-services.ts: DATABASE_URL, else 127.0.0.1:5432, else a testcontainers
 * PostgreSQL where Docker answers, else an embedded one); the queues run on PostgreSQL, so no Redis. E2E_BACKEND_ROOT runs another checkout's built backend
 * (e.g. a known-good one while the backend is mid-change).
 *
 * The global setup starts one such backend per Playwright worker (`workers` in playwright.config.ts): the files a
 * worker runs share its backend, one after the other as they did when a suite ran on one worker, and never see what
 * another worker's files do at the same time (the business date they move, the close of business they run, the rows
 * they count). `baseUrl()` and `databaseUrl()` answer the running worker's.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type RunningBackend = { url: string; databaseName: string; databaseUrl: string; stop(): Promise<void> };

export type BackendOptions = {
  /** Part of the database's name. */
  label: string;
  /** The first staff user (ADMIN_EMAIL / ADMIN_PASSWORD on the empty database). */
  staff: { email: string; password: string };
  /** The built app the backend serves, e.g. { ADMIN_CONSOLE_DIR: 'admin-console/dist' } (relative to the repository). */
  serve: Record<string, string>;
  jwtSecret: string;
  /** Keep the database after stop() (to look at it). */
  keepDatabase?: boolean;
  /** More configuration for this suite's backend, e.g. { BUSINESS_DATE_MODE: 'manual' }. */
  env?: Record<string, string>;
};

const serverUrl = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const backendMain = path.join(process.env.E2E_BACKEND_ROOT ?? repoRoot, 'backend/dist/main.js');
  const served = Object.fromEntries(Object.entries(options.serve).map(([name, dir]) => [name, path.resolve(repoRoot, dir)]));
  for (const file of [backendMain, ...Object.values(served).map((dir) => path.join(dir, 'index.html'))]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const databaseName = `lending_${options.label}_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${databaseName}`));
  const child = spawn(process.execPath, [backendMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ...served,
      PORT: '0',
      DATABASE_URL: withDatabase(serverUrl(), databaseName),
      QUEUE_BACKEND: 'postgres',
      WORKER_IN_PROCESS: 'false',
      ADMIN_EMAIL: options.staff.email,
      ADMIN_PASSWORD: options.staff.password,
      ARGON2_MEMORY_KIB: '1024',
      // Every test signs in from 127.0.0.1: the per-address sign-in limit (default 30 per 15 minutes) would trip.
      RATE_LIMIT_LOGINS_PER_IP: '100000',
      // Every test registers its borrowers from 127.0.0.1 too (default 20 an hour).
      RATE_LIMIT_REGISTRATIONS_PER_IP: '100000',
      // Every one-time code is asked for from 127.0.0.1 too.
      RATE_LIMIT_OTP_PER_IP: '100000',
      // Suites that apply without filling the profile; the origination suites fill every section anyway.
      PROFILE_REQUIRED_SECTIONS: '',
      JWT_SECRET: options.jwtSecret,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      const match = /API listening on (http:\/\/[^/\s]+)\/api/.exec(text);
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}) before listening:\n${output.join('')}`)));
  });
  return {
    url,
    databaseName,
    databaseUrl: withDatabase(serverUrl(), databaseName),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepDatabase) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    },
  };
}

/** What the global setup hands the workers: E2E_BASE_URL_<n> and E2E_DATABASE_URL_<n> for worker slot n. */
const slotVariable = (name: 'E2E_BASE_URL' | 'E2E_DATABASE_URL') => `${name}_${process.env.TEST_PARALLEL_INDEX ?? '0'}`;

/** The URL of this worker's backend (the global setup's), handed to the tests through the environment. */
export function baseUrl(): string {
  const url = process.env[slotVariable('E2E_BASE_URL')] ?? process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (global setup starts the backend)');
  return url;
}

/** The database of this worker's backend, for the few tests that set up rows no API makes (e.g. a phone migration 0037 listed). */
export function databaseUrl(): string {
  const url = process.env[slotVariable('E2E_DATABASE_URL')] ?? process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through playwright.config.ts (global setup starts the backend)');
  return url;
}

/**
 * One statement on this worker's backend database (or `url`'s, a file's own backend), for what no API arranges (a complaint received 30 days ago, a
 * delivery whose every attempt failed): the test says what it arranged and why.
 */
export async function queryDatabase<Row = Record<string, unknown>>(
  text: string,
  values: unknown[] = [],
  url: string = databaseUrl(),
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

type TestServices = { env: Record<string, string>; summary: string; stop(): Promise<void> };

/** The backend's test-services resolver (TypeScript, loaded by Playwright's own loader), asked for PostgreSQL only. */
async function resolvePostgres(): Promise<TestServices> {
  const file = pathToFileURL(path.join(repoRoot, 'backend/test/support/test-services.ts')).href;
  const { resolveTestServices } = (await import(file)) as { resolveTestServices(options: { redis: boolean }): Promise<TestServices> };
  return resolveTestServices({ redis: false });
}

/**
 * A Playwright global setup that finds PostgreSQL, starts one backend per worker (`config.workers`, at the same time;
 * `afterStart` runs for each) and stops them all afterwards.
 */
export function backendGlobalSetup(options: BackendOptions, afterStart?: (url: string) => Promise<void>) {
  return async (config: { workers: number }) => {
    const inherited = Boolean(process.env.TEST_SERVICES_RESOLVED);
    const services = await resolvePostgres();
    Object.assign(process.env, services.env);
    // scripts/test-all.mjs printed the line already when it resolved the services for every suite.
    if (!inherited) console.log(services.summary);
    const count = Math.max(1, config.workers ?? 1);
    const started = await Promise.allSettled(
      Array.from({ length: count }, (_, slot) =>
        startBackend({ ...options, label: count > 1 ? `${options.label}_w${slot}` : options.label }),
      ),
    );
    const backends = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const stopAll = async () => {
      await Promise.all(backends.map((b) => b.stop()));
      await services.stop();
    };
    try {
      const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) throw failed.reason;
      backends.forEach((backend, slot) => {
        process.env[`E2E_BASE_URL_${slot}`] = backend.url;
        process.env[`E2E_DATABASE_URL_${slot}`] = backend.databaseUrl;
      });
      // The first worker's, for a caller that reads the variables themselves.
      process.env.E2E_BASE_URL = backends[0]!.url;
      process.env.E2E_DATABASE_URL = backends[0]!.databaseUrl;
      for (const backend of backends) await afterStart?.(backend.url);
      return stopAll;
    } catch (error) {
      await stopAll();
      throw error;
    }
  };
}
