import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { loanOfOffer, offerView } from './settlement-records.js';

export class RejectSettlementOfferCommand {
  constructor(
    readonly actor: Actor,
    readonly offerId: string,
    readonly reason: string,
  ) {}
}

/** A second person turns a pending offer down, with a reason (the checker): SettlementOfferRejected. */
@CommandHandler(RejectSettlementOfferCommand)
export class RejectSettlementOfferHandler implements ICommandHandler<RejectSettlementOfferCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly payments: MoneyCommands,
    @Inject(DB) private readonly db: Db,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, offerId, reason }: RejectSettlementOfferCommand) {
    const loanId = await loanOfOffer(this.db, offerId);
    await this.executor.execute({
      type: 'RejectSettlementOffer',
      data: { loanId, at: this.clock.now().toISOString(), actor, offerId, reason },
    });
    return offerView(this.db, this.payments, offerId);
  }
}
