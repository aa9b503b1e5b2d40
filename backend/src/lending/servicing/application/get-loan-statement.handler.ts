import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { renderStatementPdf } from '../statements/statement-pdf.renderer.js';
import { LoanAccess } from '../../loan/application/loan-access.js';
import { LoanServicingReader } from '../../loan/application/queries/loan-servicing.reader.js';
import { graceDaysOf, instalmentsOn } from '../../loan/application/queries/servicing-fields.view.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';

export class GetLoanStatementQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
  ) {}
}

/** The loan statement PDF, drawn from the ledger, instalment and outstanding read models, dated the business date (instalment status on it). */
@QueryHandler(GetLoanStatementQuery)
export class GetLoanStatementHandler implements IQueryHandler<GetLoanStatementQuery> {
  constructor(
    private readonly access: LoanAccess,
    private readonly reader: LoanServicingReader,
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
  ) {}

  async execute({ loanId, viewer }: GetLoanStatementQuery): Promise<Buffer> {
    await this.access.require(loanId, viewer);
    const [borrower, detail, lines, asOf] = await Promise.all([
      this.db
        .selectFrom('loan_summaries as l')
        .innerJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id')
        .select(['b.name', 'b.email', 'l.loan_state'])
        .where('l.id', '=', loanId)
        .executeTakeFirstOrThrow(),
      this.reader.detailOf(loanId),
      this.reader.transactions(loanId),
      this.businessDate.today(),
    ]);
    return renderStatementPdf({
      loanId,
      lender: this.config.lender,
      borrower: { name: borrower.name, email: borrower.email },
      currency: this.config.product.currency,
      asOf,
      outstanding: detail?.outstanding ?? null,
      creditBalance: detail?.creditBalance ?? 0,
      lines,
      instalments: instalmentsOn(detail?.instalments ?? [], asOf, graceDaysOf(borrower.loan_state as unknown as LoanRecord)),
    });
  }
}
