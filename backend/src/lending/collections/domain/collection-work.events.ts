import type { LoanMessageBase } from '../../loan/domain/loan.types.js';

// The events of collections work on a loan (issue 13 item 3): who works it, what was said. Published names and
// fields are a contract: never rename one.
type CollectionWorkEventOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

export const CONTACT_CHANNELS = ['call', 'sms', 'email', 'whatsapp', 'visit'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const CONTACT_OUTCOMES = [
  'no-answer',
  'promised-to-pay',
  'paid',
  'refused',
  'wrong-number',
  'callback',
  'answered',
  'message-sent',
] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];

/** How the borrower was told the collector's name and contact before the collector was assigned (issue 33). */
export type BorrowerTold = { channel: 'sms'; to: string; at: string; status: string };

/**
 * The loan was given to a collector (`staffId`), or taken from one (`staffId` null); `by` is who decided it.
 * `borrowerTold` (from issue 33): the notice of the collector's name and contact the borrower was sent first.
 */
export type CollectorAssigned = CollectionWorkEventOf<
  'CollectorAssigned',
  { staffId: string | null; by: string; borrowerTold?: BorrowerTold }
>;

/**
 * A collector reached (or tried to reach) the borrower on `businessDate`; `promiseToPayOn` (YYYY-MM-DD) only with
 * the outcome promised-to-pay.
 */
export type CollectionContactRecorded = CollectionWorkEventOf<
  'CollectionContactRecorded',
  { channel: ContactChannel; outcome: ContactOutcome; note: string; promiseToPayOn?: string; businessDate: string; by: string }
>;

export type CollectionWorkEvent = CollectorAssigned | CollectionContactRecorded;

const EVERY_COLLECTION_WORK_EVENT_TYPE: Record<CollectionWorkEvent['type'], true> = {
  CollectorAssigned: true,
  CollectionContactRecorded: true,
};

export const COLLECTION_WORK_EVENT_TYPES = Object.keys(EVERY_COLLECTION_WORK_EVENT_TYPE) as readonly CollectionWorkEvent['type'][];
