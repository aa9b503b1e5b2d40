import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { loanWriteOff } from './settlement-records.js';

export class RequestWriteOffCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly reason: string,
    readonly idempotencyKey?: string,
  ) {}
}

/** Staff ask for the loan to be written off (the maker). A repeat with the same Idempotency-Key records nothing new. */
@CommandHandler(RequestWriteOffCommand)
export class RequestWriteOffHandler implements ICommandHandler<RequestWriteOffCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, reason, idempotencyKey }: RequestWriteOffCommand) {
    const command = { type: 'RequestWriteOff' as const, data: { loanId, at: this.clock.now().toISOString(), actor, reason } };
    await this.executor.execute(command, { idempotencyKey, request: { reason } });
    return loanWriteOff(this.db, loanId);
  }
}
