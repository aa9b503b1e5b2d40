import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BUSINESS_DATE, type BusinessDate } from '../../../platform/business-date/business-date.port.js';
import { IllegalTransition, InvalidLoanInput } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { foreclosureQuote } from '../domain/foreclosure-quote.js';
import { LoanAccess } from '../../loan/application/loan-access.js';
import { LoanServicingReader } from '../../loan/application/queries/loan-servicing.reader.js';

export class GetForeclosureQuoteQuery {
  constructor(
    readonly loanId: string,
    readonly viewer: Actor,
    /** YYYY-MM-DD; the business date when absent. */
    readonly date?: string,
  ) {}
}

/**
 * What pays an active loan off on a date: `{date, principal, interest, fees, penalties, total}` (dues, principal
 * still owed, the running period's interest prorated by days). Paying `total` on `date` closes the loan.
 */
@QueryHandler(GetForeclosureQuoteQuery)
export class GetForeclosureQuoteHandler implements IQueryHandler<GetForeclosureQuoteQuery> {
  constructor(
    private readonly access: LoanAccess,
    private readonly reader: LoanServicingReader,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
  ) {}

  async execute({ loanId, viewer, date }: GetForeclosureQuoteQuery) {
    const { state } = await this.access.require(loanId, viewer);
    const input = await this.reader.inputOf(loanId);
    if (state !== 'active' || input === undefined) throw new IllegalTransition(state, 'foreclosure-quote', []);
    const on = date ?? (await this.businessDate.today());
    if (on < input.terms.disbursedOn) {
      throw new InvalidLoanInput([{ name: 'date', message: `date must not be before the disbursal (${input.terms.disbursedOn})` }]);
    }
    return foreclosureQuote(input.terms, input.events, on);
  }
}
