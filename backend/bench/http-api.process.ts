import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { createApi } from '../src/app/create-api.js';
import { loadConfig } from '../src/platform/config/config.js';
import { createRuntime } from '../src/platform/runtime.js';

/**
 * A second (third, ...) API process for http-bench.ts, forked with an IPC channel: the same API as the bench's own,
 * on the bench's database, queue prefix and JWT secret (so the staff token signed by the first process is good here,
 * as behind a load balancer), on a port of its own. Tells its parent `{ port }`, and stops on `stop`.
 */
async function main(): Promise<void> {
  const { BENCH_DATABASE_URL: databaseUrl, BENCH_QUEUE_PREFIX: queuePrefix, BENCH_JWT_SECRET: jwtSecret } = process.env;
  if (!databaseUrl || !queuePrefix || !jwtSecret || !process.send) {
    throw new Error(
      'http-api.process is started by http-bench.ts (BENCH_DATABASE_URL, BENCH_QUEUE_PREFIX, BENCH_JWT_SECRET, an IPC channel)',
    );
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: 'bench-admin@lending.local',
    ADMIN_PASSWORD: 'not-used-by-this-process',
    WORKER_IN_PROCESS: 'false',
    LOG_LEVEL: 'warn',
    PROFILE_REQUIRED_SECTIONS: '',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...Object.fromEntries(
      ['SESSION_CACHE_MAX_ENTRIES', 'DATABASE_POOL_SIZE'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
    ),
  });
  const runtime = await createRuntime(config, () => undefined, { databaseUrl, queuePrefix });
  const app = await createApi(runtime, { logger: false });
  await app.listen(0, '127.0.0.1');
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void (async () => {
      await app.close();
      await runtime.close();
      process.exit(0);
    })();
  });
  process.send({ port: (app.getHttpServer().address() as AddressInfo).port });
}

main().catch((error) => {
  process.stderr.write(`http-api.process: ${(error as Error).message}\n`);
  process.exit(1);
});
