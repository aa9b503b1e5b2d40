import type { LoanMessageBase } from '../../loan/domain/loan.types.js';

// The money events of a loan's own stream (issue 12). Every money movement is one of these, appended with the
// stream's expected version, so a payment applies exactly once however often it is confirmed. Published names and
// fields are a contract: never rename or repurpose one.
type MoneyEventOf<Type extends string, Data> = { type: Type; data: LoanMessageBase & Data };

export const OFFLINE_PAYMENT_METHODS = ['cash', 'bankTransfer', 'upi', 'cheque'] as const;
export type OfflinePaymentMethod = (typeof OFFLINE_PAYMENT_METHODS)[number];
/** Debits collected under a mandate (issue 32): e-NACH and UPI AutoPay. */
export const MANDATE_PAYMENT_METHODS = ['nach', 'upi-autopay'] as const;
export type MandatePaymentMethod = (typeof MANDATE_PAYMENT_METHODS)[number];
export type PaymentMethod = OfflinePaymentMethod | 'online' | MandatePaymentMethod;

/** Staff recorded money received at the counter (cash, bank transfer, UPI, cheque): pending until a second person verifies it. */
export type PaymentRecorded = MoneyEventOf<
  'PaymentRecorded',
  {
    paymentId: string;
    amount: number;
    /** YYYY-MM-DD: the value date. */
    paidOn: string;
    method: OfflinePaymentMethod;
    reference: string;
    /** The payer chose "pay extra to reduce principal" (docs/servicing.md); absent otherwise, as on every earlier event. */
    reducePrincipal?: true;
  }
>;

/** A recorded payment turned down by the checker (the money did not arrive, a wrong amount): never applied. */
export type PaymentRejected = MoneyEventOf<'PaymentRejected', { paymentId: string; reason: string }>;

/** The borrower started paying online: the provider holds an order for this amount. */
export type OnlinePaymentCreated = MoneyEventOf<
  'OnlinePaymentCreated',
  {
    paymentId: string;
    amount: number;
    provider: string;
    providerOrderId: string;
    /** The payer chose "pay extra to reduce principal" (docs/servicing.md); absent otherwise, as on every earlier event. */
    reducePrincipal?: true;
    /** A debit collected under a mandate (nach, upi-autopay); absent for a payment the borrower started (online). */
    method?: MandatePaymentMethod;
  }
>;

/** The provider said the online payment failed: nothing was received. */
export type OnlinePaymentFailed = MoneyEventOf<'OnlinePaymentFailed', { paymentId: string; providerReference: string }>;

/** The provider captured an amount other than the order's: recorded and flagged for staff, never applied. */
export type PaymentAmountMismatched = MoneyEventOf<
  'PaymentAmountMismatched',
  { paymentId: string; expectedAmount: number; capturedAmount: number; providerReference: string }
>;

/**
 * Money applied to the loan: an offline payment verified by a second person, or an online payment captured by the
 * provider. The servicing fold allocates it by value date.
 */
export type RepaymentApplied = MoneyEventOf<
  'RepaymentApplied',
  {
    paymentId: string;
    amount: number;
    /** YYYY-MM-DD: when the money counts (an offline payment's paidOn, an online one's business date at capture). */
    valueDate: string;
    method: PaymentMethod;
    /** Online payments: the provider's payment id. */
    providerReference?: string;
    /** The payer chose "pay extra to reduce principal" (docs/servicing.md); absent otherwise, as on every earlier event. */
    reducePrincipal?: true;
  }
>;

/** Staff asked for an applied payment to be taken back (a bounced cheque, a chargeback): a second person approves. */
export type PaymentReversalRequested = MoneyEventOf<'PaymentReversalRequested', { paymentId: string; reason: string }>;

/** The checker turned the reversal request down: the payment stands. */
export type PaymentReversalRejected = MoneyEventOf<'PaymentReversalRejected', { paymentId: string; reason: string }>;

/** The payment is taken back out as if it had never come; every later payment re-allocates. */
export type RepaymentReversed = MoneyEventOf<
  'RepaymentReversed',
  { paymentId: string; /** YYYY-MM-DD: the business date of the approval; dates the ledger line only. */ valueDate: string }
>;

/** Staff asked to pay money held beyond what is owed back to the borrower: a second person approves. */
export type CreditBalanceRefundRequested = MoneyEventOf<'CreditBalanceRefundRequested', { refundId: string; amount: number }>;

export type CreditBalanceRefunded = MoneyEventOf<
  'CreditBalanceRefunded',
  { refundId: string; amount: number; /** YYYY-MM-DD */ valueDate: string }
>;

/** Nothing is outstanding any more (active -> closed). */
export type LoanClosed = MoneyEventOf<'LoanClosed', { /** YYYY-MM-DD: value date of the event that paid it off. */ closedOn: string }>;

/**
 * A reversal left money owed on a closed loan again (closed -> active): the closure rested on a payment that never
 * arrived. See docs/servicing.md, "May a reversal reopen a closed loan?".
 */
export type LoanReopened = MoneyEventOf<'LoanReopened', { paymentId: string }>;

export type MoneyEvent =
  | PaymentRecorded
  | PaymentRejected
  | OnlinePaymentCreated
  | OnlinePaymentFailed
  | PaymentAmountMismatched
  | RepaymentApplied
  | PaymentReversalRequested
  | PaymentReversalRejected
  | RepaymentReversed
  | CreditBalanceRefundRequested
  | CreditBalanceRefunded
  | LoanClosed
  | LoanReopened;

export type MoneyEventType = MoneyEvent['type'];

const EVERY_MONEY_EVENT_TYPE: Record<MoneyEventType, true> = {
  PaymentRecorded: true,
  PaymentRejected: true,
  OnlinePaymentCreated: true,
  OnlinePaymentFailed: true,
  PaymentAmountMismatched: true,
  RepaymentApplied: true,
  PaymentReversalRequested: true,
  PaymentReversalRejected: true,
  RepaymentReversed: true,
  CreditBalanceRefundRequested: true,
  CreditBalanceRefunded: true,
  LoanClosed: true,
  LoanReopened: true,
};

export const MONEY_EVENT_TYPES = Object.keys(EVERY_MONEY_EVENT_TYPE) as readonly MoneyEventType[];
