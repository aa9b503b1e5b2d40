import { addDays } from '../../loan/domain/calendar.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import { serviceLoan } from '../../loan/domain/schedule/loan-servicing.js';
import { oldestUnpaidDueDate } from '../../loan/domain/schedule/instalment-status.js';
import type { Instalment } from '../../loan/domain/schedule/servicing.types.js';
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
 * The instalments at a day end: the servicing fold over the money events with a value date up to that day. Most
 * days add no event, so the fold is redone only when the events it would read change.
 */
export function instalmentsByDayEnd(): (loan: LoanRecord, day: string) => Instalment[] {
  let folded: { events: readonly unknown[]; byCount: Map<number, Instalment[]> } | undefined;
  return (loan, day) => {
    const { terms, events } = loan.servicing!;
    if (folded?.events !== events) folded = { events, byCount: new Map() };
    // The events up to a day grow with the day, so their count names them.
    const upToDay = events.filter((event) => event.valueDate <= day);
    let instalments = folded.byCount.get(upToDay.length);
    if (!instalments) folded.byCount.set(upToDay.length, (instalments = serviceLoan(terms, upToDay).instalments));
    return instalments;
  };
}

/** What one day end records for a loan as it stands: [] on most days. */
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
          data: { ...base, instalmentNumber: number, dueDate: instalment.dueDate, amountDue: owedTotal(instalment) },
        });
      }
      const graceEnds = addDays(instalment.dueDate, terms.graceDays);
      if (graceEnds <= day && instalment.status !== 'paid' && !collections.overdue.includes(number)) {
        events.push({
          type: 'InstalmentWentOverdue',
          data: { ...base, instalmentNumber: number, dueDate: instalment.dueDate, date: day, amountOverdue: owedTotal(instalment) },
        });
        if (terms.penalChargeFlat > 0 && !collections.penalised.includes(number)) {
          events.push({
            type: 'PenalChargeApplied',
            data: { ...base, chargeId: `penal-${number}`, instalmentNumber: number, amount: terms.penalChargeFlat, date: day },
          });
        }
      }
    }
  }
  const oldestUnpaid = loan.status === 'active' ? oldestUnpaidDueDate(instalments, day) : null;
  const dpd = daysPastDue(oldestUnpaid, day);
  const to = nextClassification(collections.classification, dpd);
  if (to !== collections.classification) {
    events.push({ type: 'LoanClassificationChanged', data: { ...base, from: collections.classification, to, dpd, date: day } });
  }
  return events;
}
