import type { LoanMessageBase } from '../../loan/domain/loan.types.js';

// Settlement and write-off (issue 13 item 5), on the loan's own stream. Each money decision is maker-checker: one
// person offers or asks, a different one approves. Published names and fields are a contract: never rename one.
type SettlementEventOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

/** Outstanding amounts by component, in minor units (paise). */
export type ComponentAmounts = { principal: number; interest: number; fees: number; penalties: number; total: number };

/** Staff offered to close the loan for `amount` paid by `validUntil` (YYYY-MM-DD): waiting for a second person. */
export type SettlementOffered = SettlementEventOf<
  'SettlementOffered',
  { offerId: string; amount: number; validUntil: string; reason: string; by: string }
>;

/** A second person approved the offer: payments from now on count towards its amount. */
export type SettlementOfferApproved = SettlementEventOf<'SettlementOfferApproved', { offerId: string; by: string }>;

/** A second person turned the pending offer down (the checker), with a reason: it is closed. */
export type SettlementOfferRejected = SettlementEventOf<'SettlementOfferRejected', { offerId: string; reason: string; by: string }>;

/** The one who made the pending offer took it back: it is closed. */
export type SettlementOfferWithdrawn = SettlementEventOf<'SettlementOfferWithdrawn', { offerId: string; by: string }>;

/** The offer's validUntil passed before its amount was paid (seen by the next command on the loan after that day). */
export type SettlementOfferLapsed = SettlementEventOf<'SettlementOfferLapsed', { offerId: string; validUntil: string }>;

/**
 * Payments since the approval reached the agreed amount on or before validUntil: the loan is closed as settled,
 * and what was still owed then is waived (never collected).
 */
export type LoanSettled = SettlementEventOf<
  'LoanSettled',
  {
    offerId: string;
    amountPaid: number;
    waived: ComponentAmounts;
    /** YYYY-MM-DD: value date of the payment that settled it. */ on: string;
  }
>;

/** Staff asked to write the loan off (the maker). */
export type WriteOffRequested = SettlementEventOf<'WriteOffRequested', { reason: string; by: string }>;

/** A second person approved the write-off; LoanWrittenOff follows in the same append. */
export type WriteOffApproved = SettlementEventOf<'WriteOffApproved', { by: string }>;

/** A second person turned the write-off down (the checker), with a reason; the loan stays active. */
export type WriteOffRejected = SettlementEventOf<'WriteOffRejected', { reason: string; by: string }>;

/** The one who asked for the write-off took the request back before a checker decided; the loan stays active. */
export type WriteOffWithdrawn = SettlementEventOf<'WriteOffWithdrawn', { by: string }>;

/** Everything still owed is written off (state writtenOff); later payments are recoveries. */
export type LoanWrittenOff = SettlementEventOf<
  'LoanWrittenOff',
  { outstanding: ComponentAmounts; /** YYYY-MM-DD: the business date of the approval. */ on: string }
>;

export type SettlementEvent =
  | SettlementOffered
  | SettlementOfferApproved
  | SettlementOfferRejected
  | SettlementOfferWithdrawn
  | SettlementOfferLapsed
  | LoanSettled
  | WriteOffRequested
  | WriteOffApproved
  | WriteOffRejected
  | WriteOffWithdrawn
  | LoanWrittenOff;

export type SettlementEventType = SettlementEvent['type'];

const EVERY_SETTLEMENT_EVENT_TYPE: Record<SettlementEventType, true> = {
  SettlementOffered: true,
  SettlementOfferApproved: true,
  SettlementOfferRejected: true,
  SettlementOfferWithdrawn: true,
  SettlementOfferLapsed: true,
  LoanSettled: true,
  WriteOffRequested: true,
  WriteOffApproved: true,
  WriteOffRejected: true,
  WriteOffWithdrawn: true,
  LoanWrittenOff: true,
};

export const SETTLEMENT_EVENT_TYPES = Object.keys(EVERY_SETTLEMENT_EVENT_TYPE) as readonly SettlementEventType[];
