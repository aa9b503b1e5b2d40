import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { Semaphore, SemaphoreFull } from '../abuse/semaphore.js';
import { serverBusy } from '../auth/auth.errors.js';

/** What the hasher has done in this process; read by tests and handy in a debugger. */
export type HasherStats = { inFlight: number; peakInFlight: number; queued: number; completed: number; refused: number };

/**
 * argon2id hashes and checks. Each costs a core for a fraction of a second, so at most ARGON2_MAX_CONCURRENCY run at
 * once in this process; up to ARGON2_MAX_QUEUE more wait in line; beyond that the request is refused at once as unavailable (server-busy)
 * (the server is busy, the client did nothing wrong) instead of queuing without bound.
 */
@Injectable()
export class PasswordHasher {
  private readonly memoryCost: number;
  readonly gate: Semaphore;
  private readonly counts = { inFlight: 0, peakInFlight: 0, completed: 0, refused: 0 };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.memoryCost = config.argon2MemoryKib;
    this.gate = new Semaphore(config.argon2MaxConcurrency, config.argon2MaxQueue);
  }

  hash(password: string): Promise<string> {
    return this.bounded(() => argon2.hash(password, { type: argon2.argon2id, memoryCost: this.memoryCost }));
  }

  private dummyHash?: Promise<string>;

  /** With no hash (unknown user) it still does the work, so a wrong email costs as long as a wrong password. */
  async verify(hash: string | undefined, password: string): Promise<boolean> {
    if (!hash) {
      // Made once, outside the gate (a refusal must not be cached), at the configured cost.
      this.dummyHash ??= argon2.hash('no-such-user-' + Math.random(), { type: argon2.argon2id, memoryCost: this.memoryCost });
      const dummy = await this.dummyHash;
      await this.bounded(() => argon2.verify(dummy, password).catch(() => false));
      return false;
    }
    return this.bounded(() => argon2.verify(hash, password).catch(() => false));
  }

  stats(): HasherStats {
    return { ...this.counts, queued: this.gate.queued };
  }

  /** Starts a fresh peak measurement (tests). */
  resetPeak(): void {
    this.counts.peakInFlight = this.counts.inFlight;
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.gate.run(async () => {
        // Counted around the argon2 call itself, not by the gate, so a test sees what really ran at once.
        this.counts.inFlight += 1;
        this.counts.peakInFlight = Math.max(this.counts.peakInFlight, this.counts.inFlight);
        try {
          return await work();
        } finally {
          this.counts.inFlight -= 1;
          this.counts.completed += 1;
        }
      });
    } catch (error) {
      if (!(error instanceof SemaphoreFull)) throw error;
      this.counts.refused += 1;
      throw serverBusy();
    }
  }
}
