import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { safeUrl, startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres.js';

/**
 * Finds (or starts) the PostgreSQL and Redis a test run uses, once per run: jest's global setup, the Playwright
 * harness and scripts/test-all.mjs call it. In order:
 *   1. DATABASE_URL / REDIS_URL when set (one that does not answer is an error);
 *   2. the local default ports, 127.0.0.1:5432 and :6379;
 *   3. when a Docker engine answers, containers started by testcontainers;
 *   4. else the embedded PostgreSQL (npm start's, in a temporary folder) and no Redis: queues run on BullMQ's
 *      PostgreSQL backend and the tests that need Redis itself are skipped, with the reason (support/redis.ts).
 * TEST_SERVICES=embedded forces step 4 (to try the fallback on a machine that has both services),
 * TEST_SERVICES=containers skips step 2 and fails when no Docker engine answers.
 *
 * The answer goes to the test processes through the environment (`env`): DATABASE_URL and REDIS_URL when they differ
 * from the defaults, QUEUE_BACKEND=postgres and TEST_NO_REDIS=<reason> without Redis, and TEST_SERVICES_RESOLVED
 * (the summary line), so that a runner started by another (test-all.mjs starts jest and Playwright) uses the same
 * services instead of looking again.
 */
export type TestServices = { env: Record<string, string>; summary: string; stop(): Promise<void> };

type Mode = 'auto' | 'containers' | 'embedded';
/** A service found or started (`url`), or, for Redis, none (`none`: why not). */
type Found = { url?: string; summary: string; none?: string; stop?: () => Promise<void> };

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

export async function resolveTestServices(options: { redis?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<TestServices> {
  const env = options.env ?? process.env;
  const wantRedis = options.redis ?? true;
  if (env.TEST_SERVICES_RESOLVED) return { env: {}, summary: env.TEST_SERVICES_RESOLVED, stop: async () => undefined };
  const mode = (env.TEST_SERVICES ?? 'auto') as Mode;
  if (!['auto', 'containers', 'embedded'].includes(mode))
    throw new Error(`TEST_SERVICES must be auto, containers or embedded (got "${mode}").`);

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    let postgres: Found | undefined;
    let redis: Found | undefined;
    if (mode === 'embedded') {
      postgres = await embeddedPostgres('TEST_SERVICES=embedded');
      stops.push(postgres.stop!);
      redis = wantRedis ? { summary: 'no Redis (TEST_SERVICES=embedded)', none: 'TEST_SERVICES=embedded' } : undefined;
    } else {
      postgres = await given('PostgreSQL', 'DATABASE_URL', env.DATABASE_URL, postgresError);
      if (!postgres && mode === 'auto' && !(await postgresError(LOCAL_POSTGRES)))
        postgres = { summary: 'PostgreSQL on 127.0.0.1:5432 (the local default port answers)' };
      if (wantRedis) {
        redis = await given('Redis', 'REDIS_URL', env.REDIS_URL, redisError);
        if (!redis && mode === 'auto' && !(await redisError(LOCAL_REDIS)))
          redis = { summary: 'Redis on 127.0.0.1:6379 (the local default port answers)' };
      }
      if (!postgres || (wantRedis && !redis)) {
        const docker = await dockerError();
        if (docker && mode === 'containers') throw new Error(`TEST_SERVICES=containers, but no Docker engine answers (${docker}).`);
        const why = (variable: string, port: number) =>
          mode === 'containers'
            ? 'TEST_SERVICES=containers'
            : `no ${variable}, nothing answers on 127.0.0.1:${port}, ${docker ? 'no Docker engine answers' : 'a Docker engine does'}`;
        if (!postgres) {
          postgres = docker ? await embeddedPostgres(why('DATABASE_URL', 5432)) : await postgresContainer(why('DATABASE_URL', 5432));
          stops.push(postgres.stop!);
        }
        if (wantRedis && !redis) {
          if (docker) redis = { summary: `no Redis (${why('REDIS_URL', 6379)})`, none: why('REDIS_URL', 6379) };
          else {
            redis = await redisContainer(why('REDIS_URL', 6379));
            stops.push(redis.stop!);
          }
        }
      }
    }

    const out: Record<string, string> = {};
    if (postgres!.url) out.DATABASE_URL = postgres!.url;
    if (redis?.url) out.REDIS_URL = redis.url;
    if (redis?.none) {
      out.QUEUE_BACKEND = 'postgres';
      out.TEST_NO_REDIS = `no Redis in this run (${redis.none})`;
    }
    const parts = [postgres!.summary, ...(redis ? [redis.summary] : [])];
    const summary = `Test services: ${parts.join('; ')}${out.TEST_NO_REDIS ? ": queues run on BullMQ's PostgreSQL backend and the tests that need Redis itself are skipped" : ''}.`;
    out.TEST_SERVICES_RESOLVED = summary;
    return { env: out, summary, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The service named by `variable`, when set: it must answer. */
async function given(
  service: string,
  variable: string,
  url: string | undefined,
  problem: (url: string) => Promise<string | undefined>,
): Promise<Found | undefined> {
  if (!url) return undefined;
  const error = await problem(url);
  if (error)
    throw new Error(
      `${variable} is set to ${safeUrl(url)}, but that ${service} does not answer (${error}); start it, correct ${variable}, or unset it to let the tests find or start one.`,
    );
  return { url, summary: `${service} at ${safeUrl(url)} (from ${variable})` };
}

/** undefined when PostgreSQL answers at `url`; else why not. One attempt, no retry (a refused port answers at once). */
async function postgresError(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** undefined when Redis answers PING at `url`; a lazy, no-retry connection (ioredis would otherwise retry for a minute). */
async function redisError(url: string): Promise<string | undefined> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2000,
    enableOfflineQueue: false,
  });
  let refused: Error | undefined;
  probe.on('error', (error: Error) => (refused ??= error));
  try {
    await probe.connect();
    const pong = await probe.ping();
    return pong === 'PONG' ? undefined : `PING answered ${pong}`;
  } catch (error) {
    // connect() rejects with "Connection is closed."; the 'error' event had the cause (ECONNREFUSED, ...).
    return (refused ?? (error as Error)).message || String(error);
  } finally {
    probe.disconnect();
  }
}

/** undefined when a Docker engine answers; testcontainers says so within milliseconds when none does. */
async function dockerError(): Promise<string | undefined> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return undefined;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}

async function postgresContainer(why: string): Promise<Found> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:16')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withTmpFs({ '/var/lib/postgresql/data': 'rw' })
    // The image's entrypoint starts a first server for its init scripts, then the real one: the second "ready" counts.
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const where = `${container.getHost()}:${container.getMappedPort(5432)}`;
  return {
    url: `postgres://postgres@${where}/postgres`,
    summary: `PostgreSQL 16 in a container on ${where} (${why})`,
    stop: async () => void (await container.stop()),
  };
}

async function redisContainer(why: string): Promise<Found> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('redis:7')
    .withExposedPorts(6379)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
    .start();
  const where = `${container.getHost()}:${container.getMappedPort(6379)}`;
  return {
    url: `redis://${where}`,
    summary: `Redis 7 in a container on ${where} (${why})`,
    stop: async () => void (await container.stop()),
  };
}

/** npm start's embedded PostgreSQL on a free port, its cluster in a temporary folder removed at the end. */
async function embeddedPostgres(why: string): Promise<Found> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lending-test-postgres-'));
  // Run as root, the server runs as the postgres user, which must be able to enter the folder.
  chmodSync(dir, 0o755);
  try {
    const running = await startEmbeddedPostgres(dir, () => undefined);
    const url = new URL(running.url);
    url.pathname = '/postgres';
    return {
      url: url.toString(),
      summary: `embedded PostgreSQL on 127.0.0.1:${url.port} (${why})`,
      async stop() {
        await running.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
