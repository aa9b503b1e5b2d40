import { addDays } from '../../loan/domain/calendar.js';
import type { LoanEvent } from '../../loan/domain/loan.events.js';
import { evolve, type LoanRecord, type LoanState } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import { ages, dayEnd, instalmentsAtDayEnd, type CollectionTerms } from './day-end.js';

/**
 * The oracle of the close-of-business tests: close of business as first written, walking every day from the one after
 * COB last recorded anything (or the payout) through `date`, one day end at a time. The decider skips the days on
 * which nothing would be recorded; the property tests hold it to this walk.
 */
export function closeOfBusinessDayByDay(state: LoanState, terms: CollectionTerms, data: LoanMessageBase & { date: string }): LoanEvent[] {
  if (state.status === 'none' || !state.servicing || !state.disbursedOn) return [];
  const base: LoanMessageBase = { loanId: data.loanId, at: data.at, actor: data.actor };
  let loan: LoanRecord = state;
  const decided: LoanEvent[] = [];
  for (let day = addDays(state.collections?.recordedThrough ?? state.disbursedOn, 1); day <= data.date; day = addDays(day, 1)) {
    if (!ages(loan)) break;
    const events = dayEnd(loan, instalmentsAtDayEnd(loan, day), terms, day, base);
    loan = events.reduce(evolve, loan) as LoanRecord;
    decided.push(...events);
  }
  return decided;
}
