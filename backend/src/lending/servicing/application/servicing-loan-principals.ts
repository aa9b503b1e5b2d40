import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import { loanBookPosition } from '../../public/loan-books.js';
import { LoanPrincipals, type LoanPrincipal } from '../../public/loan-principals.port.js';
import type { ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';

/**
 * LoanPrincipals from servicing's own read model (`loan_servicing`: each loan's terms and money events): the fold
 * once per loan as of the date. Reads every disbursed loan: fine for today's books, to be kept per day for a
 * million loans (docs/accounting.md, "What is left").
 */
@Injectable()
export class ServicingLoanPrincipals extends LoanPrincipals {
  constructor(@Inject(READ_DB) private readonly db: Db) {
    super();
  }

  async outstandingOn(asOf: string): Promise<LoanPrincipal[]> {
    const rows = await this.db.selectFrom('loan_servicing').select(['loan_id', 'terms', 'events']).orderBy('loan_id').execute();
    const principals: LoanPrincipal[] = [];
    for (const row of rows) {
      const terms = row.terms as unknown as ServicingTerms;
      if (terms.disbursedOn > asOf) continue;
      const position = loanBookPosition(terms, row.events as unknown as ServicingEvent[], asOf);
      principals.push({ loanId: row.loan_id, principal: position.owed.principal });
    }
    return principals;
  }
}
