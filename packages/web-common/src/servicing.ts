/**
 * Loan servicing as both apps read it (issue 12, docs/servicing.md): instalments with what was paid on them, what is
 * outstanding, the ledger, payments and the foreclosure quote, and the pure rules the screens apply to them (what is
 * due, which payment states are final). Money is integer minor units; dates are YYYY-MM-DD business dates.
 */

import type { AdminPayment, ForeclosureQuote, Instalment, LedgerLine, MyPayment, OnlinePaymentCreated, Outstanding } from './api';

export type { AdminPayment, ForeclosureQuote, Instalment, LedgerLine, MyPayment, OnlinePaymentCreated, Outstanding };
export type InstalmentStatus = Instalment['status'];
export type LedgerLineType = LedgerLine['type'];

export const PAYMENT_METHODS = ['cash', 'bankTransfer', 'upi', 'cheque'] as const;
export type OfflinePaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentMethod = OfflinePaymentMethod | 'online';

/** Labels for the ways money arrives; unknown methods (a later provider) show as sent. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  online: 'Online',
  cash: 'Cash',
  bankTransfer: 'Bank transfer',
  upi: 'UPI',
  cheque: 'Cheque',
  nach: 'e-NACH auto-debit',
  'upi-autopay': 'UPI AutoPay',
};

export type PaymentStatus = AdminPayment['status'];
/** Pending first: the ones that wait for a person. */
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['pending', 'created', 'applied', 'rejected', 'failed', 'mismatched', 'reversed'];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  created: 'Awaiting the provider',
  pending: 'Awaiting verification',
  applied: 'Applied',
  failed: 'Failed',
  rejected: 'Rejected',
  reversed: 'Reversed',
  mismatched: 'Amount differs: held',
};

/** What a payment's state means to the person waiting on it. */
export type PaymentOutcome = 'waiting' | 'success' | 'failure' | 'review';

/**
 * created (online, at the provider) and pending (offline, not yet verified) may still change; the rest are final for
 * the person waiting (mismatched: a captured amount other than the order's, held for staff; reversed: taken back).
 */
export function paymentOutcome(status: string): PaymentOutcome {
  switch (status) {
    case 'created':
    case 'pending':
      return 'waiting';
    case 'applied':
      return 'success';
    case 'mismatched':
      return 'review';
    default:
      return 'failure';
  }
}

export const isFinalPayment = (status: string) => paymentOutcome(status) !== 'waiting';

/** What is still owed on an instalment: every component less what was paid of it. */
export function owedOn(line: Instalment): number {
  return Math.max(
    0,
    line.principal -
      line.paidPrincipal +
      line.interest -
      line.paidInterest +
      line.fees -
      line.paidFees +
      line.penalties -
      line.paidPenalties,
  );
}

/** What was paid on an instalment, every component together. */
export const paidOn = (line: Instalment) => line.paidPrincipal + line.paidInterest + line.paidFees + line.paidPenalties;

/** What the instalment asks for in all (principal, interest, fees and penalties). */
export const instalmentTotal = (line: Instalment) => line.principal + line.interest + line.fees + line.penalties;

export type AmountDue = {
  /** What to pay now: everything fallen due and unpaid, else the next instalment's remainder. */
  amount: number;
  /** The earliest due date among those instalments. */
  dueDate: string;
  /** The instalments the amount covers. */
  numbers: number[];
  /** true when some of it was due before `today` (arrears). */
  late: boolean;
  /** true when something has fallen due (on or before `today`); false when it is the next instalment ahead. */
  fallenDue: boolean;
};

/**
 * The next repayment on `today` (a business date), to show: every instalment due on or before it with something
 * still owed, together; when nothing has fallen due, the next instalment's remainder (`fallenDue` false: shown, never
 * offered as due, see dueNow). null when nothing is owed.
 */
export function amountDue(instalments: readonly Instalment[], today: string): AmountDue | null {
  const open = instalments.filter((line) => owedOn(line) > 0).sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number - b.number);
  if (open.length === 0) return null;
  const fallen = open.filter((line) => line.dueDate <= today);
  const lines = fallen.length > 0 ? fallen : [open[0]];
  return {
    amount: lines.reduce((sum, line) => sum + owedOn(line), 0),
    dueDate: lines[0].dueDate,
    numbers: lines.map((line) => line.number),
    late: lines[0].dueDate < today,
    fallenDue: fallen.length > 0,
  };
}

/**
 * What is due now on `today` (a business date) and unpaid: the instalments due on or before it with something still
 * owed, never a later one. This is what "Due now" shows and what the Pay button and the record-payment dialog offer
 * (issue 27: an instalment not yet due is never offered). null when nothing has fallen due.
 */
export function dueNow(instalments: readonly Instalment[], today: string): AmountDue | null {
  const due = amountDue(instalments, today);
  return due?.fallenDue ? due : null;
}

/**
 * The instalment status as a person reads it. The server judges it on the business date (docs/servicing.md,
 * "Instalment status"): partial is part paid and not past its grace days; past them it is overdue, whatever was paid.
 */
export const INSTALMENT_STATUS_LABELS: Record<string, string> = {
  upcoming: 'Upcoming',
  due: 'Due',
  overdue: 'Overdue',
  partial: 'Part paid',
  paid: 'Paid',
  closed: 'Closed',
};

/** Whether something may still be owed on the instalment: neither paid nor taken off the books by a close-out. */
export const isOpenInstalment = (line: Pick<Instalment, 'status'>) => line.status !== 'paid' && line.status !== 'closed';

/** How a close-out names an instalment it took off the books: it was not paid, so it never reads "Paid". */
export const CLOSED_OUT_LABELS: Record<string, string> = {
  settlement: 'Settled',
  writeOff: 'Written off',
  coolingOffExit: 'Cancelled',
};

/** An instalment's status in words: a closed-out one says how it was closed. */
export function instalmentStatusLabel(line: Pick<Instalment, 'status' | 'closedOut'>): string {
  if (line.status === 'closed' && line.closedOut) return CLOSED_OUT_LABELS[line.closedOut] ?? INSTALMENT_STATUS_LABELS.closed!;
  return INSTALMENT_STATUS_LABELS[line.status] ?? line.status;
}

export const LEDGER_TYPE_LABELS: Record<LedgerLineType, string> = {
  disbursement: 'Disbursement',
  repayment: 'Repayment',
  reversal: 'Reversal',
  charge: 'Charge',
  waiver: 'Waiver',
  refund: 'Refund',
  settlement: 'Settlement waiver',
  'write-off': 'Write-off',
  'cooling-off-exit': 'Cooling-off exit',
  recovery: 'Recovery',
};

/** A YYYY-MM-DD date no later than `latest` (also YYYY-MM-DD), and a real calendar day. */
export function isCalendarDateOnOrBefore(value: string, latest: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value && value <= latest;
}
