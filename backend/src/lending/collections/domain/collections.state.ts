import { assertNever } from '../../loan/domain/assert-never.js';
import type { ServicingEvent, ServicingTerms } from '../../loan/domain/schedule/servicing.types.js';
import type { CollectionEvent } from './collection.events.js';
import { overdueSince, type Classification } from './delinquency.js';

export type ClassificationChange = { from: Classification; to: Classification; dpd: number; date: string };

/** What COB has recorded on a loan: what it must not record again, and where the loan stands. */
export type CollectionsState = {
  /** The last business date COB recorded anything for; a later run starts the day after. */
  recordedThrough: string | null;
  fellDue: number[];
  overdue: number[];
  penalised: number[];
  classification: Classification;
  /** Days past due at the day end of `dpdOn`, the last date COB recorded them. */
  dpd: number;
  dpdOn: string | null;
  /** The oldest unpaid due date as of `dpdOn`; null when nothing was past due. */
  overdueSince: string | null;
  history: ClassificationChange[];
};

export const initialCollections: CollectionsState = {
  recordedThrough: null,
  fellDue: [],
  overdue: [],
  penalised: [],
  classification: 'standard',
  dpd: 0,
  dpdOn: null,
  overdueSince: null,
  history: [],
};

type Collected = {
  id: string;
  collections?: CollectionsState;
  servicing?: { terms: ServicingTerms; events: ServicingEvent[] };
};

const later = (a: string | null, b: string) => (a !== null && a > b ? a : b);

/**
 * Whether an event changes nothing of the loan but what close of business recorded (`collections`) and the envelope
 * (the version and the last move): every close-of-business event but PenalChargeApplied, which adds a penalty to the
 * loan's servicing. What is built from the rest of the loan stands as it was.
 */
export function changesOnlyCollections(event: { type: string }): boolean {
  return event.type === 'InstalmentFellDue' || event.type === 'InstalmentWentOverdue' || event.type === 'LoanClassificationChanged';
}

/** How COB's events change a loan; a penal charge becomes a penalty on its instalment in the servicing fold. */
export function evolveCollections<Loan extends Collected>(loan: Loan, event: CollectionEvent): Loan {
  const current = loan.collections ?? initialCollections;
  switch (event.type) {
    case 'InstalmentFellDue':
      return {
        ...loan,
        collections: {
          ...current,
          recordedThrough: later(current.recordedThrough, event.data.dueDate),
          fellDue: [...current.fellDue, event.data.instalmentNumber],
        },
      };
    case 'InstalmentWentOverdue':
      return {
        ...loan,
        collections: {
          ...current,
          recordedThrough: later(current.recordedThrough, event.data.date),
          overdue: [...current.overdue, event.data.instalmentNumber],
        },
      };
    case 'PenalChargeApplied': {
      if (!loan.servicing) throw new Error(`Loan ${loan.id} has a penal charge before its disbursal`);
      const { chargeId, instalmentNumber, amount, date } = event.data;
      const charge: ServicingEvent = { type: 'ChargeApplied', chargeId, instalmentNumber, kind: 'penalty', amount, valueDate: date };
      return {
        ...loan,
        collections: {
          ...current,
          recordedThrough: later(current.recordedThrough, date),
          penalised: [...current.penalised, instalmentNumber],
        },
        servicing: { ...loan.servicing, events: [...loan.servicing.events, charge] },
      };
    }
    case 'LoanClassificationChanged': {
      const { from, to, dpd, date } = event.data;
      return {
        ...loan,
        collections: {
          ...current,
          recordedThrough: later(current.recordedThrough, date),
          classification: to,
          dpd,
          dpdOn: date,
          overdueSince: overdueSince(dpd, date),
          history: [...current.history, { from, to, dpd, date }],
        },
      };
    }
    default:
      return assertNever(event, 'collection event');
  }
}
