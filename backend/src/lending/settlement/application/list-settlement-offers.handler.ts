import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import { settlementOfferView, type SettlementOfferView } from './settlement.view.js';

export class ListSettlementOffersQuery extends Query<SettlementOfferView[]> {
  constructor(readonly loanId: string) {
    super();
  }
}

/** A loan's settlement offers, oldest first (from settlement_offers). */
@QueryHandler(ListSettlementOffersQuery)
export class ListSettlementOffersHandler implements IQueryHandler<ListSettlementOffersQuery> {
  constructor(
    @Inject(READ_DB) private readonly db: Db,
    private readonly payments: MoneyCommands,
  ) {}

  async execute({ loanId }: ListSettlementOffersQuery): Promise<SettlementOfferView[]> {
    const loan = await this.db.selectFrom('loan_summaries').select('id').where('id', '=', loanId).executeTakeFirst();
    if (!loan) throw new LoanNotFound(loanId);
    const rows = await this.db
      .selectFrom('settlement_offers')
      .selectAll()
      .where('loan_id', '=', loanId)
      .orderBy('offered_at')
      .orderBy('id')
      .execute();
    const today = await this.payments.today();
    return rows.map((row) => settlementOfferView(row, today));
  }
}
