import { addDays } from '../../loan/domain/calendar.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import { oldestUnpaidDueDate } from '../../loan/domain/schedule/instalment-status.js';
import type { Instalment, ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import { owedTotal } from '../../loan/domain/schedule/working-instalment.js';
import type { CollectionEvent } from './collection.events.js';
import { initialCollections } from './collections.state.js';
import { daysPastDue, nextClassification } from './delinquency.js';

/** The product terms COB reads, as the loan pinned them. */
export type CollectionTerms = { graceDays: number; penalChargeFlat: number };

/** Active loans age; a loan closed while past due only has its classification brought back to standard. */
export const ages = (loan: LoanRecord) =>
  loan.status === 'active' || (loan.status === 'closed' && (loan.collections?.classification ?? 'standard') !== 'standard');

/**
 * Servicing folds kept for the loans asked about last, by their list of money events (never changed in place: an
 * event makes a new list). Close of business asks three times for the same loan: its decider, the next date on its
 * row, the correction of a visit that recorded nothing; so a page of loans (500) decided while the one before is
 * written needs about a thousand. Bounded, oldest out first: a few megabytes at most.
 */
const FOLDS_KEPT = 2048;
const folds = new Map<readonly ServicingEvent[], { terms: ServicingTerms; byCount: Map<number, Instalment[]> }>();

/**
 * The instalments at a day end: the servicing fold over the money events with a value date up to that day. Most
 * days add no event, so the fold is redone only when the events it would read change (kept across callers, above).
 */
export function instalmentsAtDayEnd(loan: LoanRecord, day: string): Instalment[] {
  const { terms, events } = loan.servicing!;
  let folded = folds.get(events);
  if (folded === undefined || folded.terms !== terms) {
    folded = { terms, byCount: new Map() };
    folds.set(events, folded);
    if (folds.size > FOLDS_KEPT) folds.delete(folds.keys().next().value!);
  }
  // The events up to a day grow with the day, so their count names them.
  const upToDay = events.filter((event) => event.valueDate <= day);
  let instalments = folded.byCount.get(upToDay.length);
  if (!instalments) folded.byCount.set(upToDay.length, (instalments = serviceLoan(terms, upToDay).instalments));
  return instalments;
}

/**
 * What one day end records for a loan as it stands: [] on most days. Each event's data is `base` with its own fields
 * added by Object.assign, not after a spread: close of business runs this for every loan of the book
 * (docs/architecture.md, "Objects on the hot paths").
 */
export function dayEnd(
  loan: LoanRecord,
  instalments: Instalment[],
  terms: CollectionTerms,
  day: string,
  base: LoanMessageBase,
): CollectionEvent[] {
  const collections = loan.collections ?? initialCollections;
  const events: CollectionEvent[] = [];
  if (loan.status === 'active') {
    for (const instalment of instalments) {
      const number = instalment.number;
      if (instalment.dueDate <= day && !collections.fellDue.includes(number)) {
        events.push({
          type: 'InstalmentFellDue',
          data: Object.assign({}, base, { instalmentNumber: number, dueDate: instalment.dueDate, amountDue: owedTotal(instalment) }),
        });
      }
      // The date arithmetic last: most instalments are paid, not yet due or already recorded overdue.
      if (
        instalment.status !== 'paid' &&
        instalment.dueDate <= day &&
        !collections.overdue.includes(number) &&
        addDays(instalment.dueDate, terms.graceDays) <= day
      ) {
        events.push({
          type: 'InstalmentWentOverdue',
          data: Object.assign({}, base, {
            instalmentNumber: number,
            dueDate: instalment.dueDate,
            date: day,
            amountOverdue: owedTotal(instalment),
          }),
        });
        if (terms.penalChargeFlat > 0 && !collections.penalised.includes(number)) {
          events.push({
            type: 'PenalChargeApplied',
            data: Object.assign({}, base, {
              chargeId: `penal-${number}`,
              instalmentNumber: number,
              amount: terms.penalChargeFlat,
              date: day,
            }),
          });
        }
      }
    }
  }
  const oldestUnpaid = loan.status === 'active' ? oldestUnpaidDueDate(instalments, day) : null;
  const dpd = daysPastDue(oldestUnpaid, day);
  const to = nextClassification(collections.classification, dpd);
  if (to !== collections.classification) {
    events.push({
      type: 'LoanClassificationChanged',
      data: Object.assign({}, base, { from: collections.classification, to, dpd, date: day }),
    });
  }
  return events;
}
