import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { offerView } from './settlement-records.js';

export type SettlementOfferInput = { amount: number; validUntil: string; reason: string };

export class OfferSettlementCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly input: SettlementOfferInput,
    readonly idempotencyKey?: string,
  ) {}
}

/** Staff offer to close the loan for an amount paid by a date (the maker): SettlementOffered, pending approval. */
@CommandHandler(OfferSettlementCommand)
export class OfferSettlementHandler implements ICommandHandler<OfferSettlementCommand> {
  constructor(
    private readonly payments: MoneyCommands,
    private readonly executor: LoanCommandExecutor,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, loanId, input, idempotencyKey }: OfferSettlementCommand) {
    const offerId = MoneyCommands.newId(actor, idempotencyKey, `settlement:${loanId}`);
    const known = idempotencyKey
      ? ((await this.executor.load(loanId)).state as LoanRecord).settlement?.offers.some((o) => o.offerId === offerId)
      : false;
    if (!known) {
      const businessDate = await this.payments.today();
      await this.payments.execute(
        (at) => ({ type: 'OfferSettlement', data: { loanId, at, actor, offerId, businessDate, ...input } }),
        actor,
      );
    }
    return offerView(this.db, this.payments, offerId, loanId);
  }
}
