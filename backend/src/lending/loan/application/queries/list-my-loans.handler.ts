import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { DB, type Db } from '../../../../platform/database/database.js';
import type { LoanRecord } from '../../domain/loan.state.js';
import { borrowerLoanView } from './borrower-loan.view.js';
import { LOAN_STATE_COLUMNS, loanStateOf } from '../../projections/loan-state-row.js';

export class ListMyLoansQuery {
  constructor(readonly borrowerId: string) {}
}

@QueryHandler(ListMyLoansQuery)
export class ListMyLoansHandler implements IQueryHandler<ListMyLoansQuery> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ borrowerId }: ListMyLoansQuery) {
    const rows = await this.db
      .selectFrom('loan_summaries')
      .select(LOAN_STATE_COLUMNS)
      .where('borrower_id', '=', borrowerId)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute();
    return rows.map((r) => borrowerLoanView(loanStateOf(r) as LoanRecord, this.config.product.currency));
  }
}
