import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { loanWriteOff } from './settlement-records.js';

export class ApproveWriteOffCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
  ) {}
}

/** A second person approves the write-off (the checker): WriteOffApproved and LoanWrittenOff on the business date. */
@CommandHandler(ApproveWriteOffCommand)
export class ApproveWriteOffHandler implements ICommandHandler<ApproveWriteOffCommand> {
  constructor(
    private readonly payments: MoneyCommands,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, loanId }: ApproveWriteOffCommand) {
    const businessDate = await this.payments.today();
    await this.payments.execute((at) => ({ type: 'ApproveWriteOff', data: { loanId, at, actor, businessDate } }), actor);
    return loanWriteOff(this.db, loanId);
  }
}
