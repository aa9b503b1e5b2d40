import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { initialCollections, type CollectionsState } from '../domain/collections.state.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';

export type LoanDelinquency = {
  loanId: string;
  classification: CollectionsState['classification'];
  dpd: number;
  dpdOn: string | null;
  overdueSince: string | null;
  history: CollectionsState['history'];
};

export class GetLoanDelinquencyQuery extends Query<LoanDelinquency> {
  constructor(readonly loanId: string) {
    super();
  }
}

/** A loan's RBI classification now and every change close of business recorded, oldest first (from loan_summaries). */
@QueryHandler(GetLoanDelinquencyQuery)
export class GetLoanDelinquencyHandler implements IQueryHandler<GetLoanDelinquencyQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ loanId }: GetLoanDelinquencyQuery): Promise<LoanDelinquency> {
    const row = await this.db.selectFrom('loan_summaries').select('collections_state').where('id', '=', loanId).executeTakeFirst();
    if (!row) throw new LoanNotFound(loanId);
    // What close of business recorded, kept apart from the rest of the state (loan-state-row.ts).
    const collections = (row.collections_state as CollectionsState | null) ?? initialCollections;
    return {
      loanId,
      classification: collections.classification,
      dpd: collections.dpd,
      dpdOn: collections.dpdOn,
      overdueSince: collections.overdueSince,
      history: collections.history.map(({ from, to, dpd, date }) => ({ from, to, dpd, date })),
    };
  }
}
