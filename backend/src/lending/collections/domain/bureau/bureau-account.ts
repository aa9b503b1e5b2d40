import { daysInMonth } from '../../../loan/domain/calendar.js';
import { oldestUnpaidDueDate } from '../../../loan/domain/schedule/instalment-status.js';
import { serviceLoan } from '../../../loan/domain/schedule/loan-servicing.js';
import type { Instalment, ServicingEvent, ServicingTerms } from '../../../loan/domain/schedule/servicing.types.js';
import { owed } from '../../../loan/domain/schedule/working-instalment.js';
import { classificationFor, daysPastDue } from '../delinquency.js';
import type { BureauAccount } from './bureau-record.js';

/** A reporting month, YYYY-MM, and its first and last days. */
export type ReportingMonth = { month: string; firstDay: string; lastDay: string };

export function reportingMonth(month: string): ReportingMonth {
  const [year, monthNumber] = month.split('-').map(Number);
  return { month, firstDay: `${month}-01`, lastDay: `${month}-${String(daysInMonth(year, monthNumber)).padStart(2, '0')}` };
}

/**
 * A month can be reported once its last day has ended for the business: the business date (today in the business
 * time zone, or the date staff set in manual mode) is after the month's last day. So the current month, a future
 * month, and the last day of a month until midnight in Asia/Kolkata, are refused.
 */
export const monthHasEnded = (month: string, businessDate: string): boolean => reportingMonth(month).lastDay < businessDate;

/** The member's reference of a loan: its id's first 20 hexadecimal digits, upper case (the file checks they are unique). */
export const accountNumberOf = (loanId: string): string => loanId.replace(/-/g, '').slice(0, 20).toUpperCase();

type Overdue = { total: number; beyondPrincipal: number };

function overdueBy(instalments: readonly Instalment[], date: string): Overdue {
  let total = 0;
  let principal = 0;
  for (const line of instalments) {
    if (line.dueDate > date) continue;
    const parts = owed(line, 'principal') + owed(line, 'interest') + owed(line, 'fees') + owed(line, 'penalties');
    total += parts;
    principal += owed(line, 'principal');
  }
  return { total, beyondPrincipal: total - principal };
}

const CLOSURES = { settlement: 'settled', 'write-off': 'writtenOff', 'cooling-off-exit': 'coolingOffExit' } as const;

/**
 * A disbursed loan's account as of the month's last day, from lending's servicing fold over its money events dated on
 * or before it; null when the month does not report it (paid out after the month, or closed before it began: a
 * closed, settled or exited loan is reported in the month it closed, then no more; a written-off one every month while
 * the borrower still owes anything, since the debt stays theirs, then no more once recoveries have paid it).
 *
 * - Current balance: principal outstanding plus the interest, fees and penal charges due by the month end and unpaid.
 * - Amount overdue: everything due by the month end and unpaid. Days past due as close of business counts them
 *   (RBI, 12 November 2021): from the oldest unpaid due date, at the month's day end; the classification from them.
 * - Written off: the figures as if the write-off had not happened (the borrower still owes them), flagged written off.
 * - Closed, settled or exited in the cooling-off period: nothing owed, 0 days past due, the date it closed.
 */
export function accountAsOf(
  loanId: string,
  terms: ServicingTerms,
  events: readonly ServicingEvent[],
  month: ReportingMonth,
): BureauAccount | null {
  if (terms.disbursedOn > month.lastDay) return null;
  const known = events.filter((e) => e.valueDate <= month.lastDay);
  const view = serviceLoan(terms, known);
  const closeOut = view.ledger.find((line) => line.type in CLOSURES);
  const closure = closeOut ? CLOSURES[closeOut.type as keyof typeof CLOSURES] : view.status === 'closed' ? 'closed' : null;
  const closedOn = closeOut?.date ?? view.closedOn;
  const closedBefore = closure !== null && closedOn !== null && closedOn < month.firstDay;
  if (closedBefore && closure !== 'writtenOff') return null;
  const lastPaymentOn =
    view.ledger
      .filter((line) => (line.type === 'repayment' || line.type === 'recovery') && !line.fromCreditBalance && line.reversedOn === null)
      .map((line) => line.date)
      .sort()
      .at(-1) ?? null;
  const base = { number: accountNumberOf(loanId), openedOn: terms.disbursedOn, lastPaymentOn, sanctioned: terms.principal };
  if (closure === null || closure === 'writtenOff') {
    // A write-off takes the debt off the books, not off the borrower: report what the fold says without it.
    const owing =
      closure === 'writtenOff'
        ? serviceLoan(
            terms,
            known.filter((e) => e.type !== 'ClosedOut'),
          )
        : view;
    const overdue = overdueBy(owing.instalments, month.lastDay);
    if (closedBefore && owing.outstanding.principal + overdue.total === 0) return null;
    const dpd = daysPastDue(oldestUnpaidDueDate(owing.instalments, month.lastDay), month.lastDay);
    return {
      ...base,
      closedOn: closure === 'writtenOff' ? closedOn : null,
      currentBalance: owing.outstanding.principal + overdue.beyondPrincipal,
      amountOverdue: overdue.total,
      daysPastDue: dpd,
      classification: classificationFor(dpd),
      closure,
    };
  }
  return { ...base, closedOn, currentBalance: 0, amountOverdue: 0, daysPastDue: 0, classification: 'standard', closure };
}
