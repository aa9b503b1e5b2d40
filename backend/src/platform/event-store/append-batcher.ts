/** What the batcher needs to know of an append: the stream and idempotency key it claims, and its statement shape. */
export type Batchable = { streamId: string; idempotencyKey?: string; shape: string };

type Waiting<A, R> = { append: A; resolve: (result: R) => void; reject: (error: unknown) => void };

export type AppendBatcherLimits = {
  /** Statements on their way at once; an append that arrives while this many are out waits and goes with the next batch. */
  inFlight: number;
  /** Appends in one statement at most. */
  batch: number;
  /**
   * A statement out longer than this (ms) no longer counts against `inFlight`: one waiting for a lock (a row another
   * transaction holds) must not hold back every other append of the process. Checked when an append arrives, no timer.
   */
  stalledAfterMs: number;
};

/**
 * Sends the autocommit appends of concurrent writers together. An append that finds fewer than `inFlight` statements
 * out is sent at once, alone (a lone writer: one round trip, no timer). Otherwise it waits; as soon as a statement
 * returns, the waiting appends go as ONE statement (one round trip, one commit), at most `batch` of them, all of the
 * same shape, to distinct streams and with distinct idempotency keys (an append that cannot join waits for the next).
 *
 * Every caller gets the outcome it would have had alone: `runTogether` answers one result per append (an append whose
 * stream is elsewhere gets its own conflict, the others commit); if the shared statement fails as a whole (a writer in
 * another process took a version or a key, any error), nothing of it was written and each append is run again alone.
 */
export class AppendBatcher<A extends Batchable, R> {
  /** When each statement on its way was sent (performance.now()). */
  private readonly inFlight = new Set<{ sentAt: number }>();
  private waiting: Waiting<A, R>[] = [];

  constructor(
    private readonly limits: AppendBatcherLimits,
    private readonly runAlone: (append: A) => Promise<R>,
    private readonly runTogether: (appends: A[]) => Promise<R[]>,
  ) {}

  submit(append: A): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ append, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.busy() < this.limits.inFlight) {
      const batch = this.takeBatch();
      const statement = { sentAt: performance.now() };
      this.inFlight.add(statement);
      void this.send(batch).finally(() => {
        this.inFlight.delete(statement);
        this.drain();
      });
    }
  }

  /** Statements on their way that count against the limit: the ones not stalled. */
  private busy(): number {
    if (this.inFlight.size < this.limits.inFlight) return this.inFlight.size;
    const stalledBefore = performance.now() - this.limits.stalledAfterMs;
    let busy = 0;
    for (const s of this.inFlight) if (s.sentAt > stalledBefore) busy += 1;
    return busy;
  }

  /** The oldest waiting append and those after it that may share its statement; the rest keep their order. */
  private takeBatch(): Waiting<A, R>[] {
    const shape = this.waiting[0].append.shape;
    const streams = new Set<string>();
    const keys = new Set<string>();
    const batch: Waiting<A, R>[] = [];
    const rest: Waiting<A, R>[] = [];
    for (const w of this.waiting) {
      const { streamId, idempotencyKey } = w.append;
      const fits =
        batch.length < this.limits.batch &&
        w.append.shape === shape &&
        !streams.has(streamId) &&
        !(idempotencyKey !== undefined && keys.has(idempotencyKey));
      // A stream or key passed over stays claimed, so two appends to one stream never swap their order.
      streams.add(streamId);
      if (idempotencyKey !== undefined) keys.add(idempotencyKey);
      (fits ? batch : rest).push(w);
    }
    this.waiting = rest;
    return batch;
  }

  private async send(batch: Waiting<A, R>[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]);
    let results: R[];
    try {
      results = await this.runTogether(batch.map((w) => w.append));
    } catch {
      // The statement was one transaction: nothing of it is written. Each append alone gets its own outcome.
      await Promise.all(batch.map((w) => this.alone(w)));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]));
  }

  private async alone(w: Waiting<A, R>): Promise<void> {
    try {
      w.resolve(await this.runAlone(w.append));
    } catch (error) {
      w.reject(error);
    }
  }
}
