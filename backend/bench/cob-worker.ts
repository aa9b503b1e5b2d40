import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app/app.module.js';
import { CloseOfBusiness } from '../src/lending/collections/application/close-of-business.js';
import { ageLoansJob, CLOSE_OF_BUSINESS_QUEUE } from '../src/lending/collections/jobs/close-of-business.job.js';
import { loadConfig } from '../src/platform/config/config.js';
import { createRuntime } from '../src/platform/runtime.js';

/**
 * One close-of-business worker process for cob-bench.ts (forked with an IPC channel): the chunk processor of
 * `npm run worker` (ageLoansJob), one job at a time, on the benchmark's database and queue prefix. It serves only
 * that queue: the worker's durable subscriptions would replay the whole bench log and compete for the CPU.
 * Tells its parent `ready`, and stops (finishing its running job) on `stop`.
 */
async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const queuePrefix = process.env.BENCH_QUEUE_PREFIX;
  if (!databaseUrl || !queuePrefix || !process.send)
    throw new Error('cob-worker is started by cob-bench.ts (BENCH_DATABASE_URL, BENCH_QUEUE_PREFIX, an IPC channel)');
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(24).toString('hex'),
    ADMIN_EMAIL: 'bench-admin@lending.local',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    WORKER_IN_PROCESS: 'false',
    PROFILE_REQUIRED_SECTIONS: '',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const quiet = () => undefined;
  const runtime = await createRuntime(config, quiet, { databaseUrl, queuePrefix });
  const app = await NestFactory.createApplicationContext(AppModule.forRuntime(runtime), { logger: ['error'] });
  const job = ageLoansJob(app.get(CloseOfBusiness));
  // The production worker's concurrency (WorkerHost: the queue backend's default, 4 chunks at once per process).
  const worker = runtime.queue.worker(CLOSE_OF_BUSINESS_QUEUE, (j) => job.process(j));
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void (async () => {
      await worker.close();
      await app.close();
      await runtime.close();
      process.exit(0);
    })();
  });
  process.send('ready');
}

main().catch((error) => {
  process.stderr.write(`cob-worker: ${(error as Error).message}\n`);
  process.exit(1);
});
