import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BUSINESS_DATE, type BusinessDate } from '../../../../platform/business-date/business-date.port.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { DB, type Db } from '../../../../platform/database/database.js';
import { LoanNotFound } from '../../domain/loan.errors.js';
import type { LoanRecord } from '../../domain/loan.state.js';
import type { Actor } from '../../domain/loan.types.js';
import { borrowerLoanView } from './borrower-loan.view.js';
import { loanView } from './loan.view.js';
import { LoanServicingReader } from './loan-servicing.reader.js';
import { servicingFields } from './servicing-fields.view.js';
import { loanStateOf } from '../../projections/loan-state-row.js';

export class GetLoanQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
  ) {}
}

/** Reads the loan's read-model row; a borrower sees only their own loans (others are "not found"), in the borrower view. */
@QueryHandler(GetLoanQuery)
export class GetLoanHandler implements IQueryHandler<GetLoanQuery> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly servicing: LoanServicingReader,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
  ) {}

  async execute({ loanId, viewer }: GetLoanQuery) {
    const [row, servicing, today] = await Promise.all([
      this.db
        .selectFrom('loan_summaries as l')
        .innerJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id')
        .select([
          'l.loan_state',
          'l.mandates_state',
          'l.collections_state',
          'l.last_move',
          'l.version',
          'l.borrower_id',
          'l.last_position',
          'b.name',
          'b.email',
          'b.phone',
        ])
        .where('l.id', '=', loanId)
        .executeTakeFirst(),
      this.servicing.detailOf(loanId),
      this.businessDate.today(),
    ]);
    if (!row || (viewer.role === 'borrower' && row.borrower_id !== viewer.id)) throw new LoanNotFound(loanId);
    const loan = loanStateOf(row) as LoanRecord;
    const currency = this.config.product.currency;
    return {
      // A borrower gets the borrower view (no staff identities or notes), staff the full one.
      ...(viewer.role === 'borrower' ? borrowerLoanView(loan, currency) : loanView(loan, currency)),
      borrower: { id: row.borrower_id, name: row.name, email: row.email, phone: row.phone },
      ...servicingFields(loanId, loan, servicing, viewer, today),
      position: Number(row.last_position),
    };
  }
}
