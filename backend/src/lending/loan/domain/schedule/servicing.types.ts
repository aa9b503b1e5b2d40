import type { LoanType } from '../loan.types.js';

/** How a payment is split over what is due (DESIGN §5), chosen per product. */
export type AllocationStrategyName = 'mifos-standard' | 'rbi-india';

export const ALLOCATION_STRATEGIES = ['mifos-standard', 'rbi-india'] as const satisfies readonly AllocationStrategyName[];

/** What a prepayment of principal does to the rest of the schedule. */
export type PrepaymentMode = 'reduceTenure' | 'reduceEmi';

export const PREPAYMENT_MODES = ['reduceTenure', 'reduceEmi'] as const satisfies readonly PrepaymentMode[];

/**
 * What money received beyond the instalment of its period does (docs/servicing.md): `nextInstalments` pays the next
 * instalments in order, ahead of their dates (Fineract's in-advance allocation; the default), `prepayPrincipal`
 * prepays principal by the prepayment mode.
 */
export type AdvancePayment = 'nextInstalments' | 'prepayPrincipal';

export const ADVANCE_PAYMENTS = ['nextInstalments', 'prepayPrincipal'] as const satisfies readonly AdvancePayment[];

/** Also what a loan pinned before the setting existed reads: it keeps every instalment paid ahead unfallen due. */
export const DEFAULT_ADVANCE_PAYMENT: AdvancePayment = 'nextInstalments';

export const DEFAULT_ALLOCATION_STRATEGY: AllocationStrategyName = 'mifos-standard';
export const DEFAULT_PREPAYMENT_MODE: PrepaymentMode = 'reduceTenure';

/** A loan's terms as fixed at disbursal: the input every servicing fold starts from. */
export type ServicingTerms = {
  loanType: LoanType;
  principal: number;
  /** 0 for a salary advance. */
  annualRatePercent: number;
  /** 1 for a salary advance. */
  months: number;
  /** YYYY-MM-DD: the start of the first period (foreclosure prorates from it). */
  disbursedOn: string;
  /** YYYY-MM-DD: due date of instalment 1 (a salary advance: its pay date). */
  firstDueDate: string;
  /** Day of month the due dates are pinned to (default: firstDueDate's day). */
  anchorDay?: number;
  /** The one-off fee (EMI processing fee, salary-advance fee): charged on instalment 1. */
  fee: number;
  strategy: AllocationStrategyName;
  prepaymentMode: PrepaymentMode;
  /** Absent on terms pinned before the setting existed: read as DEFAULT_ADVANCE_PAYMENT. */
  advancePayment?: AdvancePayment;
};

/**
 * The money events of a loan, as the servicing fold reads them. Every one carries its value
 * date; the fold orders by it, ties by position in the log.
 */
export type RepaymentApplied = {
  type: 'RepaymentApplied';
  paymentId: string;
  /** YYYY-MM-DD: when the money counts, which may be earlier than when it was recorded. */
  valueDate: string;
  amount: number;
  /**
   * The payer chose "pay extra to reduce principal": beyond what is due on the value date, the money prepays principal
   * (by the prepayment mode) whatever the product's advance-payment setting.
   */
  reducePrincipal?: boolean;
};

/** Takes a payment back out as if it had never been made; later payments re-allocate. */
export type RepaymentReversed = {
  type: 'RepaymentReversed';
  paymentId: string;
  /** YYYY-MM-DD: when it was reversed; it dates the ledger line only. */
  valueDate: string;
};

export type ChargeKind = 'fee' | 'penalty';

/** A fee or penalty on one instalment (collections' PenalChargeApplied maps to kind 'penalty'). */
export type ChargeApplied = {
  type: 'ChargeApplied';
  chargeId: string;
  instalmentNumber: number;
  kind: ChargeKind;
  amount: number;
  valueDate: string;
};

export type WaivableComponent = 'interest' | 'fees' | 'penalties';

export type ChargeWaived = {
  type: 'ChargeWaived';
  waiverId: string;
  instalmentNumber: number;
  component: WaivableComponent;
  amount: number;
  valueDate: string;
};

/** Credit balance paid back to the borrower (a staff action under maker-checker). */
export type CreditBalanceRefunded = {
  type: 'CreditBalanceRefunded';
  refundId: string;
  amount: number;
  valueDate: string;
};

/**
 * Settlement, write-off or a cooling-off exit (LoanSettled, LoanWrittenOff, LoanExitedInCoolingOff): everything still
 * owed is taken off the books on that date.
 * After it nothing is allocated: a payment on a written-off loan is a recovery, one on a settled loan is credit balance.
 */
export type ClosedOut = {
  type: 'ClosedOut';
  /** The settlement offer's id, or `write-off`. */
  id: string;
  kind: 'settlement' | 'writeOff' | 'coolingOffExit';
  valueDate: string;
  /**
   * A cooling-off exit's terms (on exits recorded since session 20): the borrower owed the principal, the interest of
   * the days held and the fee the KFS kept, nothing else. The fold then reads the loan as that one amount from the
   * start, so every payment is split as principal, that interest and that fee, and the exit takes the rest of the
   * scheduled interest and the fee not kept off the books. Absent: the scheduled instalments, as before.
   */
  exit?: { interest: number; fee: number };
};

export type ServicingEvent = RepaymentApplied | RepaymentReversed | ChargeApplied | ChargeWaived | CreditBalanceRefunded | ClosedOut;

/** What the fold knows of an instalment without a date: nothing paid on it, something, or all. */
export type InstalmentPaidState = 'upcoming' | 'partial' | 'paid';

/**
 * An instalment's status on a business date (instalment-status.ts): `upcoming` (due later, nothing paid), `due` (due
 * today or within grace days, nothing paid), `partial` (something paid, not past grace), `overdue` (past grace and
 * not fully paid, whatever was paid of it), `paid`; `closed` when a settlement, write-off or cooling-off exit took
 * what was owed on it off the books (`closedOut` says which).
 */
export type InstalmentStatus = 'upcoming' | 'due' | 'partial' | 'overdue' | 'paid' | 'closed';

export type Instalment = {
  number: number;
  /** YYYY-MM-DD */
  dueDate: string;
  principal: number;
  interest: number;
  fees: number;
  penalties: number;
  paidPrincipal: number;
  paidInterest: number;
  paidFees: number;
  paidPenalties: number;
  waivedInterest: number;
  waivedFees: number;
  waivedPenalties: number;
  /** Without a date; instalmentStatusOn gives the status on a business date. */
  status: InstalmentPaidState;
  /** Value date of the event that left nothing owed on it; null while something is. */
  paidOn: string | null;
  /**
   * Set when a settlement, write-off or cooling-off exit took what was still owed on it off the books: nothing is owed
   * on it any more, but it was not paid (answers show it as settled, written off or cancelled, never as paid). null on
   * an instalment paid in full before the close-out, and on every instalment of a loan not closed out.
   */
  closedOut: ClosedOut['kind'] | null;
};

export type Amounts = { principal: number; interest: number; fees: number; penalties: number };

export type Outstanding = Amounts & { total: number };

export type LedgerLineType =
  | 'disbursement'
  | 'repayment'
  | 'reversal'
  | 'charge'
  | 'waiver'
  | 'refund'
  /** What a settlement waived (LoanSettled), by component. */
  | 'settlement'
  /** What a write-off took off the books (LoanWrittenOff), by component. */
  | 'write-off'
  /** What a cooling-off exit took off the books (LoanExitedInCoolingOff): the interest and fees no longer owed. */
  | 'cooling-off-exit'
  /** A payment on a written-off loan: recorded, allocated to nothing. */
  | 'recovery';

export type LedgerLine = Amounts & {
  /** The event's own id: paymentId, chargeId, waiverId, refundId; `disbursement`, `fee`. */
  id: string;
  type: LedgerLineType;
  date: string;
  amount: number;
  /** Principal still owed after this line. */
  balanceAfter: number;
  /** Repayments and reversals: the payment concerned. */
  paymentId: string | null;
  /** Repayments: what went beyond everything owed, into the credit balance. */
  toCreditBalance: number;
  /** Repayments that were later reversed: the reversal's date (their parts are then 0). */
  reversedOn: string | null;
  /** A repayment made from the credit balance held, not from new money. */
  fromCreditBalance: boolean;
};

export type LoanServicing = {
  status: 'active' | 'closed';
  /** Value date of the event after which nothing was owed any more. */
  closedOn: string | null;
  /** The EMI now in force (falls after a reduce-EMI prepayment). */
  instalmentAmount: number;
  instalments: Instalment[];
  outstanding: Outstanding;
  /** Money held beyond what is owed; negative only if a refund outran a later-reversed payment. */
  creditBalance: number;
  ledger: LedgerLine[];
};

export type ForeclosureQuote = Amounts & { date: string; total: number };
