import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { loanWriteOff } from './settlement-records.js';

export class WithdrawWriteOffCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
  ) {}
}

/** The one who asked takes the write-off request back while it waits (the maker): WriteOffWithdrawn; the loan stays active. */
@CommandHandler(WithdrawWriteOffCommand)
export class WithdrawWriteOffHandler implements ICommandHandler<WithdrawWriteOffCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId }: WithdrawWriteOffCommand) {
    await this.executor.execute({ type: 'WithdrawWriteOff', data: { loanId, at: this.clock.now().toISOString(), actor } });
    return loanWriteOff(this.db, loanId);
  }
}
