import 'reflect-metadata';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './platform/config/config.js';
import { drainableHttpServer, requestsBound, startOrExitWithOneSentence, stopOnSignals } from './platform/process-lifecycle.js';
import { createRuntime } from './platform/runtime.js';
import { WorkerHost } from './platform/worker-host.js';
import { builtApps, createApi } from './app/create-api.js';

const log = (line: string) => console.log(`[lending] ${line}`);

/** The built admin console (admin-console/dist, `npm run build`), served at /Admin; ADMIN_CONSOLE_DIR overrides. */
const adminConsoleDir =
  process.env.ADMIN_CONSOLE_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../admin-console/dist');
/** The built borrower portal (borrower-portal/dist), served at / after the console; BORROWER_PORTAL_DIR overrides. */
const borrowerPortalDir =
  process.env.BORROWER_PORTAL_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../borrower-portal/dist');

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config, log);
  const app = await createApi(runtime, {
    staticDirs: builtApps(adminConsoleDir, borrowerPortalDir),
  });
  const server = drainableHttpServer(app.getHttpServer());
  try {
    await app.listen(config.port, '0.0.0.0');
  } catch (error) {
    await app.close().catch(() => undefined);
    await runtime.close();
    const inUse = (error as { code?: string }).code === 'EADDRINUSE';
    throw new Error(
      inUse
        ? `Cannot start: port ${config.port} is already in use; stop what uses it or set PORT.`
        : `Cannot start: ${(error as Error).message}`,
    );
  }
  // SIGTERM (docs/operations.md, Shutdown): within SHUTDOWN_TIMEOUT_MS in all. Readiness turns 503 and answers say
  // Connection: close; the server takes no new connection, the presence sockets close (pages reconnect elsewhere), the
  // requests in flight are answered (requestsBound: the bound less up to 1 s), then the subscriptions and workers stop,
  // then the queues and the database pools close.
  stopOnSignals(
    async () => {
      const closed = server.drain(requestsBound(config.shutdownTimeoutMs));
      await runtime.lifecycle.drain();
      log(`Stopping: no new connections; waiting up to ${requestsBound(config.shutdownTimeoutMs)} ms for the requests in flight`);
      const { cut } = await closed;
      if (cut) log('Requests still running after their share of SHUTDOWN_TIMEOUT_MS were cut off');
      await app.close();
      await runtime.close();
      log('Stopped');
    },
    { timeoutMs: config.shutdownTimeoutMs, log },
  );
  // After the handlers: a supervisor (or a test) that reads these lines and sends SIGTERM gets a graceful stop.
  const url = await app.getUrl();
  const base = url.replace('[::1]', 'localhost').replace('0.0.0.0', 'localhost');
  log(`API listening on ${base}/api${config.apiDocs ? ' (OpenAPI at /api/docs)' : ' (OpenAPI off: API_DOCS=true turns it on)'}`);
  log(
    existsSync(path.join(adminConsoleDir, 'index.html'))
      ? `Admin console at ${base}/Admin`
      : `Admin console not built (no ${adminConsoleDir}/index.html): run npm run build`,
  );
  log(
    existsSync(path.join(borrowerPortalDir, 'index.html'))
      ? `Borrower portal at ${base}/`
      : `Borrower portal not built (no ${borrowerPortalDir}/index.html): run npm run build`,
  );
  if (config.workerInProcess) {
    const queues = await app.get(WorkerHost).start({ queues: config.workerQueues });
    log(`Worker running in this process for queue(s): ${queues.join(', ') || '(none)'} and the durable subscriptions`);
  }
}

void startOrExitWithOneSentence('the API', main);
