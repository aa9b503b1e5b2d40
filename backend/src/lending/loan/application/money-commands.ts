import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { ConcurrencyError } from '../../../platform/event-store/event-store.errors.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import type { LoanCommand } from '../domain/loan.commands.js';
import type { Actor } from '../domain/loan.types.js';
import { LoanCommandExecutor } from './loan-command-executor.js';

/**
 * What every money command (a payment, a refund, a settlement, a write-off) needs beside the decider: the business
 * date, an id a retried request repeats, and a retry when another append to the same loan got there first.
 */
@Injectable()
export class MoneyCommands {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  today(): Promise<string> {
    return this.businessDate.today();
  }

  /**
   * Decides and appends a money command on the loan as it stands. A concurrent append to the same loan (two
   * webhooks at once, staff and a webhook) is retried on the new version: the decider then sees the other's
   * outcome, so a repeat appends nothing.
   */
  async execute(build: (at: string) => LoanCommand, actor: Actor): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const command = build(this.clock.now().toISOString());
        await this.executor.execute(command, { loaded: await this.executor.load(command.data.loanId, actor) });
        return;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= 3) throw error;
      }
    }
  }

  /**
   * The id of what a command creates (a payment, a refund): fresh, or derived from the client's Idempotency-Key, so
   * that a retried request names the same payment and the decider sees it was already recorded.
   */
  static newId(actor: Actor, idempotencyKey: string | undefined, scope: string): string {
    if (!idempotencyKey) return crypto.randomUUID();
    const hex = createHash('sha256').update(`${scope}:${actor.id}:${idempotencyKey}`).digest('hex');
    // Shaped as a version-4 UUID (the variant and version bits set), so it fits the uuid columns and parameters.
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}
