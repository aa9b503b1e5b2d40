import { addDays } from '../../loan/domain/calendar.js';
import type { LoanState } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import { ages, dayEnd, instalmentsAtDayEnd, type CollectionTerms } from './day-end.js';

/** Days after an oldest unpaid due date on which its days past due cross a class boundary (1, 31, 61, 91 dpd). */
const CLASS_BOUNDARIES = [0, 30, 60, 90];
const LAST_BOUNDARY = Math.max(...CLASS_BOUNDARIES);
/** Later than any value date: the instalments after every money event. */
const LAST_DAY = '9999-12-31';

/** The collection terms a loan pinned; a loan from before products were data reads as no grace (visited early, never late). */
export function collectionTermsOf(state: LoanState): CollectionTerms {
  const terms = state.status === 'none' ? undefined : state.product?.terms;
  return { graceDays: terms?.graceDays ?? 0, penalChargeFlat: terms?.penalChargeFlat ?? 0 };
}

/**
 * The first business date on whose day end close of business would record something for this loan, if nothing else
 * happens to it first (no payment, no reversal): null when it never would. Any other event on the loan recomputes it.
 *
 * A day end records something only when one of its inputs changes: an instalment's due date or the end of its grace
 * (fell due, went overdue), a money event's value date (what is paid), or the oldest unpaid due date plus 0, 30, 60
 * or 90 days (a class boundary). So only those dates are looked at, with the decider's own day end, in order: this is
 * the decider's answer, found without walking every day. COB visits only loans whose date has come. The servicing
 * folds are shared with the decider and every other caller (instalmentsAtDayEnd).
 */
export function nextCloseOfBusinessOn(state: LoanState, terms: CollectionTerms): string | null {
  if (state.status === 'none' || !state.servicing || !state.disbursedOn || !ages(state)) return null;
  const start = addDays(state.collections?.recordedThrough ?? state.disbursedOn, 1);
  const base: LoanMessageBase = {
    loanId: state.id,
    at: '1970-01-01T00:00:00.000Z',
    actor: { id: 'system:close-of-business', role: 'staff' },
  };
  // An instalment due before `bygone` has every date of its own before the start: left out.
  const bygone = addDays(start, -Math.max(terms.graceDays, LAST_BOUNDARY));
  const dues = instalmentsAtDayEnd(state, LAST_DAY)
    .map(({ dueDate }) => dueDate)
    .filter((dueDate) => dueDate >= bygone)
    .sort();
  const pending = new Set<string>([start]);
  for (const event of state.servicing.events) if (event.valueDate >= start) pending.add(event.valueDate);
  // The candidates in date order, as the full list would give them, but an instalment's dates are worked out only
  // when the search reaches its due date: each of its dates is on or after it, so every candidate before the next
  // due date is already known. A loan whose next instalment has not fallen due stops there, whatever its term.
  for (let next = 0; ;) {
    const limit = dues[next];
    const ready = [...pending].filter((day) => limit === undefined || day < limit).sort();
    for (const day of ready) {
      if (dayEnd(state, instalmentsAtDayEnd(state, day), terms, day, base).length > 0) return day;
      pending.delete(day);
    }
    if (limit === undefined) return null;
    for (; dues[next] === limit; next += 1) {
      for (const date of [addDays(limit, terms.graceDays), ...CLASS_BOUNDARIES.map((days) => addDays(limit, days))]) {
        if (date >= start) pending.add(date);
      }
    }
  }
}
