import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../../../platform/database/database.js';
import { BorrowerLoans } from '../../../public/borrower-loans.port.js';

/** BorrowerLoans over the loan summaries read model. */
@Injectable()
export class LoanSummariesBorrowerLoans extends BorrowerLoans {
  constructor(@Inject(DB) private readonly db: Db) {
    super();
  }

  async owns(borrowerId: string, loanId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('loan_summaries')
      .select('id')
      .where('id', '=', loanId)
      .where('borrower_id', '=', borrowerId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
