import { isIsoDate } from '../../loan/domain/calendar.js';
import { FieldProblems } from '../../loan/domain/loan-input.validation.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { evolve, type LoanRecord, type LoanState } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import { dayEnd, instalmentsAtDayEnd, type CollectionTerms } from './day-end.js';
import { nextCloseOfBusinessOn } from './next-close-of-business.js';

export type { CollectionTerms } from './day-end.js';

/** Age one loan through the day end of `date` (YYYY-MM-DD), catching up every day since COB last recorded anything. */
export type CloseBusinessDay = { type: 'CloseBusinessDay'; data: LoanMessageBase & { date: string } };

/**
 * Close of business for one loan: for each day from the one after COB last recorded anything (or the disbursal)
 * through `date`, in order, at that day end: `InstalmentFellDue` on an instalment's due date; `InstalmentWentOverdue`
 * and the flat `PenalChargeApplied` once it is still unpaid at the day end of its due date plus the grace days;
 * `LoanClassificationChanged` when days past due move the loan into another class. What the stream already holds is
 * never decided again, so a second run for the same date answers [].
 *
 * Days on which nothing would be recorded are not walked: the loop goes from one day with something to record to the
 * next (`nextCloseOfBusinessOn`, the first such day of the loan as it now stands), which decides exactly what a walk
 * through every day would (the walk is kept as the oracle of the property test in close-of-business.decide.spec.ts).
 */
export function decideCloseOfBusiness(state: LoanState, terms: CollectionTerms, { data }: CloseBusinessDay): LoanEvent[] {
  if (!isIsoDate(data.date)) {
    const problems = new FieldProblems();
    problems.add('date', 'date must be a calendar date, YYYY-MM-DD');
    problems.throwIfAny();
  }
  if (state.status === 'none' || !state.servicing || !state.disbursedOn) return [];
  const base: LoanMessageBase = { loanId: data.loanId, at: data.at, actor: data.actor };
  let loan: LoanRecord = state;
  const decided: LoanEvent[] = [];
  for (let day = nextCloseOfBusinessOn(loan, terms); day !== null && day <= data.date; day = nextCloseOfBusinessOn(loan, terms)) {
    const events = dayEnd(loan, instalmentsAtDayEnd(loan, day), terms, day, base);
    loan = events.reduce(evolve, loan) as LoanRecord;
    decided.push(...events);
  }
  return decided;
}
