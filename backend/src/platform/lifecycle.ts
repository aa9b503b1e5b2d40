/**
 * The process's shutdown state (runtime.lifecycle). From SIGTERM on it is `draining`: readiness answers 503 and
 * responses close their connections; the drain hooks close what would otherwise hold the HTTP server open past its
 * bound (the presence WebSockets and long polls), so browsers reconnect to another process at once.
 */
export class Lifecycle {
  draining = false;
  private readonly drainHooks: (() => Promise<void> | void)[] = [];

  /** `hook` runs when the process starts draining, while the requests in flight are still being answered. */
  onDrain(hook: () => Promise<void> | void): void {
    this.drainHooks.push(hook);
  }

  /** Starts draining: sets `draining`, then runs every hook (one failing does not stop the others). */
  async drain(): Promise<void> {
    this.draining = true;
    await Promise.allSettled(this.drainHooks.map(async (hook) => hook()));
  }
}
