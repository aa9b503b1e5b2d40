/** Thrown by `Semaphore.run` when every slot is busy and the wait queue is full: the caller answers at once. */
export class SemaphoreFull extends Error {
  constructor() {
    super('Every slot is busy and the wait queue is full.');
  }
}

/**
 * At most `max` tasks run at once; up to `maxQueue` more wait their turn in arrival order; anything beyond that is
 * refused at once with SemaphoreFull, so a flood fails fast instead of piling up memory and latency.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly max: number,
    readonly maxQueue: number,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a whole number of at least 1');
    if (!Number.isInteger(maxQueue) || maxQueue < 0) throw new RangeError('maxQueue must be a whole number of at least 0');
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Takes a slot, waiting in line if need be; rejects with SemaphoreFull when the line is full. Pair with `release`. */
  acquire(): Promise<void> {
    if (this.running < this.max) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueue) return Promise.reject(new SemaphoreFull());
    // The releasing task hands its slot straight to the next in line, so `running` never dips and lets a newcomer cut in.
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    if (this.running === 0) throw new Error('release() without a matching acquire()');
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }
}
