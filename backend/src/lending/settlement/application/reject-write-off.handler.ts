import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { loanWriteOff } from './settlement-records.js';

export class RejectWriteOffCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly reason: string,
  ) {}
}

/** A second person turns the write-off down, with a reason (the checker): WriteOffRejected; the loan stays active. */
@CommandHandler(RejectWriteOffCommand)
export class RejectWriteOffHandler implements ICommandHandler<RejectWriteOffCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, reason }: RejectWriteOffCommand) {
    await this.executor.execute({ type: 'RejectWriteOff', data: { loanId, at: this.clock.now().toISOString(), actor, reason } });
    return loanWriteOff(this.db, loanId);
  }
}
