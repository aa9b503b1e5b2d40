import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { SettlementOfferNotFound } from '../domain/settlement.errors.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { offerView } from './settlement-records.js';

export class ApproveSettlementOfferCommand {
  constructor(
    readonly actor: Actor,
    readonly offerId: string,
  ) {}
}

/** A second person approves the offer (the checker): payments from now on count towards its amount. */
@CommandHandler(ApproveSettlementOfferCommand)
export class ApproveSettlementOfferHandler implements ICommandHandler<ApproveSettlementOfferCommand> {
  constructor(
    private readonly payments: MoneyCommands,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ actor, offerId }: ApproveSettlementOfferCommand) {
    const row = await this.db.selectFrom('settlement_offers').select('loan_id').where('id', '=', offerId).executeTakeFirst();
    if (!row) throw new SettlementOfferNotFound('', offerId);
    const loanId = row.loan_id;
    const businessDate = await this.payments.today();
    await this.payments.execute((at) => ({ type: 'ApproveSettlementOffer', data: { loanId, at, actor, offerId, businessDate } }), actor);
    return offerView(this.db, this.payments, offerId);
  }
}
