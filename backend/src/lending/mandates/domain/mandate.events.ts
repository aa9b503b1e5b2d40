import type { LoanMessageBase } from '../../loan/domain/loan.types.js';

// Auto-debit (issue 32): mandates (e-NACH, UPI AutoPay) and the presentations made under them, on the loan's own
// stream, so that one stream replays a loan's collections: what was owed, what was presented, what came back, and
// the payment it became. Published names and fields are a contract: never rename or repurpose one.
type MandateEventOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

export const MANDATE_KINDS = ['e-nach', 'upi-autopay'] as const;
export type MandateKind = (typeof MANDATE_KINDS)[number];

/** How often the mandate lets the lender debit: monthly instalments, or as presented (NPCI's "as and when"). */
export const MANDATE_FREQUENCIES = ['monthly', 'as-presented'] as const;
export type MandateFrequency = (typeof MANDATE_FREQUENCIES)[number];

/** Why an instalment was not presented and went to manual collection. */
export type ManualCollectionCode =
  'above-mandate-maximum' | 'outside-mandate-validity' | 'mandate-paused' | 'bounce-final' | 'presentations-exhausted';

/** Registration began: the borrower (or staff for them) is sent to the provider's page to authorise these terms. */
export type MandateRegistrationStarted = MandateEventOf<
  'MandateRegistrationStarted',
  {
    mandateId: string;
    kind: MandateKind;
    /** The most one debit may take, in minor units (paise). */
    maxAmount: number;
    frequency: MandateFrequency;
    /** YYYY-MM-DD, both inclusive. */
    validFrom: string;
    validUntil: string;
    provider: string;
    by: string;
  }
>;

/** The provider confirmed the authorisation: the mandate is active; `providerReference` is the UMRN for e-NACH. */
export type MandateRegistered = MandateEventOf<
  'MandateRegistered',
  { mandateId: string; providerReference: string; /** YYYY-MM-DD: the business date it became active. */ activeFrom: string }
>;

/** The borrower's bank (or the borrower) did not authorise it: nothing can be presented under it. */
export type MandateRegistrationFailed = MandateEventOf<'MandateRegistrationFailed', { mandateId: string; reason: string }>;

/** UPI AutoPay: the borrower was told of a debit at least 24 hours before it (NPCI's pre-debit notification). */
export type PreDebitNotified = MandateEventOf<
  'PreDebitNotified',
  { mandateId: string; instalmentNumber: number; attempt: number; amount: number; /** YYYY-MM-DD */ debitOn: string }
>;

/**
 * Close of business decided to present an instalment. Since issue 32 item 7 it is recorded after the provider took
 * it, in the same append as PresentationSubmitted (one append per loan): a crash before that append records nothing,
 * and the next run decides the same presentation with the same idempotency key, which the provider recognises.
 * Recorded before sending (the two-step path, and every presentation before that change), a crash between deciding
 * and sending left the decision to be sent again with the same key, never a second decision.
 */
export type InstalmentPresented = MandateEventOf<
  'InstalmentPresented',
  {
    presentationId: string;
    mandateId: string;
    instalmentNumber: number;
    /** 1 for the first presentation of the instalment, 2 for its first re-presentation, … */
    attempt: number;
    /** Due and unpaid on the instalment at `presentedOn`: never more. */
    amount: number;
    dueDate: string;
    presentedOn: string;
    /** loan + instalment + attempt: what the provider deduplicates on. */
    idempotencyKey: string;
  }
>;

/** The provider accepted the presentation for processing (its own id); the result follows by webhook. */
export type PresentationSubmitted = MandateEventOf<'PresentationSubmitted', { presentationId: string; providerPresentationId: string }>;

/** The debit went through: the payment (`paymentId`) is applied by the normal allocation in the same append. */
export type PresentationSucceeded = MandateEventOf<
  'PresentationSucceeded',
  { presentationId: string; paymentId: string; amount: number; providerReference: string }
>;

/** The debit was returned by the borrower's bank with its reason code; `nextAttemptOn` when it will be re-presented. */
export type PresentationBounced = MandateEventOf<
  'PresentationBounced',
  { presentationId: string; reasonCode: string; reason: string; nextAttemptOn?: string }
>;

/** The product's bounce charge for a returned debit: a penal charge on the instalment (not interest). */
export type BounceChargeApplied = MandateEventOf<
  'BounceChargeApplied',
  { chargeId: string; presentationId: string; instalmentNumber: number; amount: number; /** YYYY-MM-DD */ date: string }
>;

/** An instalment is not (or no longer) presented by auto-debit: collectors take it, for this reason. */
export type InstalmentSentToManualCollection = MandateEventOf<
  'InstalmentSentToManualCollection',
  { mandateId: string; instalmentNumber: number; attempt: number; code: ManualCollectionCode; detail: string; on: string }
>;

/** Staff asked to pause presentations under the mandate (the maker), with a reason. */
export type MandatePauseRequested = MandateEventOf<'MandatePauseRequested', { mandateId: string; reason: string; by: string }>;

/** A second person approved the pause: nothing is presented until it is resumed. */
export type MandatePaused = MandateEventOf<'MandatePaused', { mandateId: string; by: string }>;

/** Presentations start again (from the next instalment due). */
export type MandateResumed = MandateEventOf<'MandateResumed', { mandateId: string; by: string }>;

/** The mandate ends (loan closed, settled or written off; the borrower's request; staff): cancelled at the provider. */
export type MandateCancelled = MandateEventOf<'MandateCancelled', { mandateId: string; cause: string; by: string }>;

export type MandateEvent =
  | MandateRegistrationStarted
  | MandateRegistered
  | MandateRegistrationFailed
  | PreDebitNotified
  | InstalmentPresented
  | PresentationSubmitted
  | PresentationSucceeded
  | PresentationBounced
  | BounceChargeApplied
  | InstalmentSentToManualCollection
  | MandatePauseRequested
  | MandatePaused
  | MandateResumed
  | MandateCancelled;

export type MandateEventType = MandateEvent['type'];

const EVERY_MANDATE_EVENT_TYPE: Record<MandateEventType, true> = {
  MandateRegistrationStarted: true,
  MandateRegistered: true,
  MandateRegistrationFailed: true,
  PreDebitNotified: true,
  InstalmentPresented: true,
  PresentationSubmitted: true,
  PresentationSucceeded: true,
  PresentationBounced: true,
  BounceChargeApplied: true,
  InstalmentSentToManualCollection: true,
  MandatePauseRequested: true,
  MandatePaused: true,
  MandateResumed: true,
  MandateCancelled: true,
};

export const MANDATE_EVENT_TYPES = Object.keys(EVERY_MANDATE_EVENT_TYPE) as readonly MandateEventType[];

export function isMandateEvent(event: { type: string }): event is MandateEvent {
  return Object.hasOwn(EVERY_MANDATE_EVENT_TYPE, event.type);
}
