import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { IllegalTransition, InvalidLoanInput, LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { previewPayment } from '../domain/payment-preview.js';
import { graceDaysOf, instalmentsOn, servicingDetailOf } from '../../loan/application/queries/servicing-fields.view.js';
import { LoanServicingReader } from '../../loan/application/queries/loan-servicing.reader.js';

export class PreviewPaymentQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
    readonly amount: number,
    readonly reducePrincipal: boolean,
    /** YYYY-MM-DD value date; the business date when absent (always, for a borrower). */
    readonly date?: string,
  ) {}
}

/**
 * What a payment would do before it is made (issue 27): the servicing fold of the loan's money events with the
 * payment added, so the schedule shown is the one the payment will leave. A borrower sees only their own loans.
 */
@QueryHandler(PreviewPaymentQuery)
export class PreviewPaymentHandler implements IQueryHandler<PreviewPaymentQuery> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly reader: LoanServicingReader,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
  ) {}

  async execute({ loanId, viewer, amount, reducePrincipal, date }: PreviewPaymentQuery) {
    const [row, input, today] = await Promise.all([
      this.db.selectFrom('loan_summaries').select(['borrower_id', 'state', 'loan_state']).where('id', '=', loanId).executeTakeFirst(),
      this.reader.inputOf(loanId),
      this.businessDate.today(),
    ]);
    if (!row || (viewer.role === 'borrower' && row.borrower_id !== viewer.id)) throw new LoanNotFound(loanId);
    if (row.state !== 'active' || input === undefined) throw new IllegalTransition(row.state, 'preview-payment', []);
    const on = date ?? today;
    const problems = [
      ...(Number.isSafeInteger(amount) && amount > 0
        ? []
        : [{ name: 'amount', message: 'amount must be a whole number of minor units (paise) greater than 0' }]),
      ...(on > today ? [{ name: 'paidOn', message: `paidOn must not be after the business date (${today})` }] : []),
      ...(on < input.terms.disbursedOn
        ? [{ name: 'paidOn', message: `paidOn must not be before the disbursal (${input.terms.disbursedOn})` }]
        : []),
    ];
    if (problems.length > 0) throw new InvalidLoanInput(problems);
    const preview = previewPayment(input.terms, input.events, { amount, valueDate: on, reducePrincipal });
    const detail = servicingDetailOf(preview.servicing);
    return {
      date: on,
      amount,
      reducePrincipal,
      allocated: preview.allocated,
      instalments: instalmentsOn(detail.instalments, on, graceDaysOf(row.loan_state as unknown as LoanRecord)),
      outstanding: detail.outstanding,
      instalmentAmount: detail.instalmentAmount,
    };
  }
}
