import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app/app.module.js';
import { loadConfig } from './platform/config/config.js';
import { startOrExitWithOneSentence, stopOnSignals } from './platform/process-lifecycle.js';
import { createRuntime } from './platform/runtime.js';
import { WorkerHost } from './platform/worker-host.js';

const log = (line: string) => console.log(`[worker] ${line}`);

/** A worker process: BullMQ processors and durable subscriptions, no HTTP. Scale by running more of them. */
async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config, log);
  const app = await NestFactory.createApplicationContext(AppModule.forRuntime(runtime), { logger: ['warn', 'error'] });
  const queues = await app.get(WorkerHost).start({ queues: config.workerQueues });
  // SIGTERM: the subscriptions stop, BullMQ's workers finish their running jobs (worker.close() waits), then the database.
  stopOnSignals(
    async () => {
      log('Stopping: finishing running jobs');
      await app.close();
      await runtime.close();
      log('Stopped');
    },
    { timeoutMs: config.shutdownTimeoutMs, log },
  );
  // After the handlers: a supervisor (or a test) that reads this line and sends SIGTERM gets a graceful stop.
  log(`Serving queue(s): ${queues.join(', ') || '(none)'} and the durable subscriptions`);
}

void startOrExitWithOneSentence('the worker', main);
