import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './platform/config/config.js';
import { closeHttpServer, startOrExitWithOneSentence, stopOnSignals } from './platform/process-lifecycle.js';
import { createRuntime } from './platform/runtime.js';
import { WorkerHost } from './platform/worker-host.js';
import { createApi } from './app/create-api.js';

const log = (line: string) => console.log(`[lending] ${line}`);

/** The built admin console (admin-console/dist, `npm run build`), served at /Admin; ADMIN_CONSOLE_DIR overrides. */
const adminConsoleDir = process.env.ADMIN_CONSOLE_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../admin-console/dist');
/** The built borrower portal (borrower-portal/dist), served at / after the console; BORROWER_PORTAL_DIR overrides. */
const borrowerPortalDir = process.env.BORROWER_PORTAL_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../borrower-portal/dist');

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config, log);
  const app = await createApi(runtime, {
    staticDirs: [
      { mount: '/Admin', dir: adminConsoleDir },
      { mount: '/', dir: borrowerPortalDir, exclude: ['/Admin', '/socket.io'] },
    ],
  });
  try {
    await app.listen(config.port, '0.0.0.0');
  } catch (error) {
    await app.close().catch(() => undefined);
    await runtime.close();
    const inUse = (error as { code?: string }).code === 'EADDRINUSE';
    throw new Error(inUse ? `Cannot start: port ${config.port} is already in use; stop what uses it or set PORT.` : `Cannot start: ${(error as Error).message}`);
  }
  const url = await app.getUrl();
  const base = url.replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost');
  log(`API listening on ${base}/api${config.apiDocs ? ' (OpenAPI at /api/docs)' : ' (OpenAPI off: API_DOCS=true turns it on)'}`);
  log(existsSync(path.join(adminConsoleDir, 'index.html')) ? `Admin console at ${base}/Admin` : `Admin console not built (no ${adminConsoleDir}/index.html): run npm run build`);
  log(existsSync(path.join(borrowerPortalDir, 'index.html')) ? `Borrower portal at ${base}/` : `Borrower portal not built (no ${borrowerPortalDir}/index.html): run npm run build`);
  if (config.workerInProcess) {
    const queues = await app.get(WorkerHost).start({ queues: config.workerQueues });
    log(`Worker running in this process for queue(s): ${queues.join(', ') || '(none)'} and the durable subscriptions`);
  }
  // SIGTERM: readiness turns 503 and answers say Connection: close; the server takes no new connection, answers those
  // in flight (SHUTDOWN_TIMEOUT_MS at most), then the subscriptions and workers stop (running jobs finish), then the database.
  stopOnSignals(
    async () => {
      runtime.lifecycle.draining = true;
      const closed = closeHttpServer(app.getHttpServer(), config.shutdownTimeoutMs);
      log(`Stopping: no new connections; waiting up to ${config.shutdownTimeoutMs} ms for the requests in flight`);
      const { cut } = await closed;
      if (cut) log('Requests still running after SHUTDOWN_TIMEOUT_MS were cut off');
      await app.close();
      await runtime.close();
      log('Stopped');
    },
    { timeoutMs: config.shutdownTimeoutMs, log },
  );
}

void startOrExitWithOneSentence('the API', main);
