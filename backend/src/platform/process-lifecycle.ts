import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ConfigError } from './config/config.js';

/**
 * Shuts the process down on SIGINT/SIGTERM in order: the caller's `close` (HTTP server, queues, then the database).
 * Libraries that hook these signals themselves (and exit at once, racing that order) are replaced.
 */
export function stopOnSignals(close: () => Promise<void>, options: { timeoutMs?: number; log?: (line: string) => void } = {}): void {
  const stop = async () => {
    if (options.timeoutMs !== undefined) {
      // The bound holds whatever is still running (a job, a hung connection): an orchestrator would kill us anyway.
      setTimeout(() => {
        options.log?.('Shutdown did not finish within SHUTDOWN_TIMEOUT_MS: exiting now.');
        process.exit(1);
      }, options.timeoutMs).unref();
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
  // stop catches its own failures (then exits 1).
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
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

/** How long a kept-alive connection may sit idle once draining: a request its client already sent still gets answered. */
export const IDLE_GRACE_MS = 500;

/**
 * How much of SHUTDOWN_TIMEOUT_MS the requests in flight may take: all of it but the last fifth (at most 1 s), which is
 * left for the subscriptions, queues and database pools to close, so that the process exits within the bound.
 */
export function requestsBound(shutdownTimeoutMs: number): number {
  return shutdownTimeoutMs - Math.min(1000, Math.floor(shutdownTimeoutMs / 5));
}

type Connection = { active: number; idleSince: number };

/**
 * An HTTP server that can be drained: call before `listen`, so every connection is known, WebSockets (upgraded,
 * which Node's own closeAllConnections leaves alone) included. `drain(timeoutMs)`:
 * - no new connection (the listener closes);
 * - requests in flight are answered, with `Connection: close` when their answer has not started;
 * - a kept-alive connection is closed once it has been idle IDLE_GRACE_MS (a request already on its way is answered);
 * - after `timeoutMs` every connection still open is cut.
 * Resolves when the server has closed.
 */
export function drainableHttpServer(server: Server): { drain(timeoutMs: number): Promise<{ cut: boolean }> } {
  const connections = new Map<Socket, Connection>();
  const answering = new Set<ServerResponse>();
  let draining = false;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (connection) connection.active += 1;
    answering.add(res);
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
    res.once('close', () => {
      answering.delete(res);
      if (!connection) return;
      connection.active -= 1;
      connection.idleSince = Date.now();
    });
  });
  return {
    drain(timeoutMs) {
      draining = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      return new Promise((resolve) => {
        let cut = false;
        const closeIdle = () => {
          const now = Date.now();
          for (const [socket, c] of connections) if (c.active === 0 && now - c.idleSince >= IDLE_GRACE_MS) socket.destroy();
        };
        const sweep = setInterval(closeIdle, 50);
        const bound = setTimeout(() => {
          cut = [...connections.values()].some((c) => c.active > 0);
          for (const socket of connections.keys()) socket.destroy();
        }, timeoutMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(bound);
          resolve({ cut });
        });
        closeIdle();
      });
    },
  };
}
