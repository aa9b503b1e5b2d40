import { addDays } from '../../loan/domain/calendar.js';
import type { LoanState } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import { ages, dayEnd, instalmentsByDayEnd, type CollectionTerms } from './day-end.js';

/** Days after an oldest unpaid due date on which its days past due cross a class boundary (1, 31, 61, 91 dpd). */
const CLASS_BOUNDARIES = [0, 30, 60, 90];
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
 * the decider's answer, found without walking every day. COB visits only loans whose date has come. `instalmentsAt`
 * lets a caller that asks again and again (the decider) share the servicing folds.
 */
export function nextCloseOfBusinessOn(state: LoanState, terms: CollectionTerms, instalmentsAt = instalmentsByDayEnd()): string | null {
  if (state.status === 'none' || !state.servicing || !state.disbursedOn || !ages(state)) return null;
  const start = addDays(state.collections?.recordedThrough ?? state.disbursedOn, 1);
  const { events } = state.servicing;
  const dates = new Set<string>([start]);
  for (const event of events) dates.add(event.valueDate);
  for (const { dueDate } of instalmentsAt(state, LAST_DAY)) {
    dates.add(addDays(dueDate, terms.graceDays));
    for (const days of CLASS_BOUNDARIES) dates.add(addDays(dueDate, days));
  }
  const candidates = [...dates].filter((date) => date >= start).sort();
  const base: LoanMessageBase = {
    loanId: state.id,
    at: '1970-01-01T00:00:00.000Z',
    actor: { id: 'system:close-of-business', role: 'staff' },
  };
  return candidates.find((day) => dayEnd(state, instalmentsAt(state, day), terms, day, base).length > 0) ?? null;
}
