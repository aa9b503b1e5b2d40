import type { Server } from 'node:http';
import { ConfigError } from './config/config.js';

/**
 * Shuts the process down on SIGINT/SIGTERM in order: the caller's `close` (HTTP server, queues, then the database).
 * Libraries that hook these signals themselves (and exit at once, racing that order) are replaced.
 */
export function stopOnSignals(close: () => Promise<void>, options: { timeoutMs?: number; log?: (line: string) => void } = {}): void {
  const stop = async () => {
    if (options.timeoutMs !== undefined) {
      // Past the bound (requests, then jobs, then connections) plus a margin, stop anyway: an orchestrator would kill us.
      setTimeout(() => {
        options.log?.('Shutdown did not finish within its bound: exiting now.');
        process.exit(1);
      }, options.timeoutMs * 2 + 5000).unref();
    }
    try {
      await close();
    } catch (error) {
      options.log?.(`Shutdown failed: ${(error as Error).message}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The operator's sentence for a failed start: a ConfigError or "Cannot ..." message as is, else prefixed; one line. */
export function startFailureSentence(what: string, failure: unknown): string {
  const raw = failure instanceof Error ? failure.message : String(failure ?? 'no reason given');
  const message = raw.replace(/\s+/g, ' ').trim() || 'no reason given';
  return failure instanceof ConfigError || /^Cannot /.test(message) ? message : `Cannot start ${what}: ${message}`;
}

/** A failed start is one sentence for the operator, never a stack trace. */
export function exitWithOneSentence(what: string): (failure: unknown) => never {
  return (failure) => {
    console.error(startFailureSentence(what, failure));
    process.exit(1);
  };
}

/**
 * Runs `start` so that every way it can fail ends as one sentence and exit code 1: a rejection, but also an error
 * thrown from a callback or event handler of a library while starting (an uncaught exception or an unhandled
 * rejection), which Node would otherwise print as a stack trace. Once started, Node's own handling applies again.
 */
export async function startOrExitWithOneSentence(what: string, start: () => Promise<void>): Promise<void> {
  const fail = exitWithOneSentence(what);
  process.on('uncaughtException', fail);
  process.on('unhandledRejection', fail);
  try {
    await start();
  } catch (failure) {
    fail(failure);
  } finally {
    process.off('uncaughtException', fail);
    process.off('unhandledRejection', fail);
  }
}

/**
 * Stops an HTTP server gracefully: no new connections, idle kept-alive connections closed (and each one that turns
 * idle after its last response), requests in flight answered; after `timeoutMs` the remaining connections are cut.
 * Resolves when the server has closed.
 */
export function closeHttpServer(server: Server, timeoutMs: number): Promise<{ cut: boolean }> {
  return new Promise((resolve) => {
    let cut = false;
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const bound = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(bound);
      resolve({ cut });
    });
    server.closeIdleConnections();
  });
}
