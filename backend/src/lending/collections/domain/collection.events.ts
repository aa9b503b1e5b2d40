import type { LoanMessageBase } from '../../loan/domain/loan.types.js';
import type { Classification } from './delinquency.js';

// The events close of business (COB) appends to a loan's own stream (issue 13). Each carries the business date it
// belongs to; `at` is when the run appended it. Published names and fields are a contract: never rename one.
type CollectionEventOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

/** An instalment reached its due date (YYYY-MM-DD) with `amountDue` still owed on it at that day end. */
export type InstalmentFellDue = CollectionEventOf<'InstalmentFellDue', { instalmentNumber: number; dueDate: string; amountDue: number }>;

/** Still unpaid at the day end of `date`, its due date plus the product's grace days. */
export type InstalmentWentOverdue = CollectionEventOf<
  'InstalmentWentOverdue',
  { instalmentNumber: number; dueDate: string; date: string; amountOverdue: number }
>;

/** The product's flat penal charge, once per instalment when it goes overdue: a charge, never interest on interest. */
export type PenalChargeApplied = CollectionEventOf<
  'PenalChargeApplied',
  { chargeId: string; instalmentNumber: number; amount: number; date: string }
>;

/** The loan's RBI classification changed at the day end of `date`, with the days past due then. */
export type LoanClassificationChanged = CollectionEventOf<
  'LoanClassificationChanged',
  { from: Classification; to: Classification; dpd: number; date: string }
>;

export type CollectionEvent = InstalmentFellDue | InstalmentWentOverdue | PenalChargeApplied | LoanClassificationChanged;

export type CollectionEventType = CollectionEvent['type'];

const EVERY_COLLECTION_EVENT_TYPE: Record<CollectionEventType, true> = {
  InstalmentFellDue: true,
  InstalmentWentOverdue: true,
  PenalChargeApplied: true,
  LoanClassificationChanged: true,
};

export const COLLECTION_EVENT_TYPES = Object.keys(EVERY_COLLECTION_EVENT_TYPE) as readonly CollectionEventType[];
