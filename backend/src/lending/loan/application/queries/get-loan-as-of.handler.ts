import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BUSINESS_DATE, calendarDateIn, type BusinessDate } from '../../../../platform/business-date/business-date.port.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { EVENT_STORE, type EventStore } from '../../../../platform/event-store/event-store.port.js';
import { LoanNotFound } from '../../domain/loan.errors.js';
import { replay, type LoanRecord } from '../../domain/loan.state.js';
import { serviceLoan } from '../../domain/schedule/loan-servicing.js';
import { loanStream, toLoanEvent } from '../loan-command-executor.js';
import { loanView } from './loan.view.js';
import { servicingDetailOf, servicingFields } from './servicing-fields.view.js';

export class GetLoanAsOfQuery {
  constructor(
    readonly loanId: string,
    readonly asOf: Date,
  ) {}
}

/** The loan as it stood at a moment: the log replayed up to then through the same `evolve` as everything else. */
@QueryHandler(GetLoanAsOfQuery)
export class GetLoanAsOfHandler implements IQueryHandler<GetLoanAsOfQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BUSINESS_DATE) private readonly businessDate: BusinessDate,
  ) {}

  async execute({ loanId, asOf }: GetLoanAsOfQuery) {
    const events = await this.store.readStream(loanStream(loanId), { until: asOf });
    const state = replay(events.map(toLoanEvent));
    if (state.status === 'none') throw new LoanNotFound(loanId);
    const loan = state as LoanRecord;
    const detail = loan.servicing ? servicingDetailOf(serviceLoan(loan.servicing.terms, loan.servicing.events)) : null;
    // Arrears as of the business date of that moment: its date in the business time zone, never after today's.
    const today = await this.businessDate.today();
    const dateThen = calendarDateIn(this.config.businessDate.timeZone, asOf);
    return {
      ...loanView(loan, this.config.product.currency),
      ...servicingFields(loanId, loan, detail, { role: 'staff' }, dateThen < today ? dateThen : today),
      asOf: asOf.toISOString(),
      position: events.at(-1)!.position,
    };
  }
}
