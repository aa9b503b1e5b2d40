import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Actor } from '../../loan/domain/loan.types.js';
import { LoanAccess } from '../../loan/application/loan-access.js';
import { LoanServicingReader } from '../../loan/application/queries/loan-servicing.reader.js';

export class ListLoanTransactionsQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
  ) {}
}

/** The loan's ledger, oldest first: disbursement, charges, repayments (with their parts), reversals, refunds. */
@QueryHandler(ListLoanTransactionsQuery)
export class ListLoanTransactionsHandler implements IQueryHandler<ListLoanTransactionsQuery> {
  constructor(
    private readonly access: LoanAccess,
    private readonly reader: LoanServicingReader,
  ) {}

  async execute({ loanId, viewer }: ListLoanTransactionsQuery) {
    await this.access.require(loanId, viewer);
    const lines = await this.reader.transactions(loanId);
    return lines.map(({ toCreditBalance: _held, reversedOn: _reversed, ...line }) => line);
  }
}
