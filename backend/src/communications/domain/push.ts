/**
 * Push notifications (issue 15 item 2): what a loan event or a reminder says to the borrower's devices. Pure: the
 * subscription and the reminder job fetch the facts, these functions only word them.
 */
import type { LoanEventType } from '../../lending/public/index.js';
import { formatDate, formatMoney } from '../../platform/format/format.js';

export const PUSH_STATUSES = ['queued', 'sent', 'logged', 'failed', 'token-removed', 'skipped'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/** One notification, before it is addressed to a device. `topic` names what it is about (filterable in the log). */
export type PushMessage = { topic: string; title: string; body: string; link: string | null };

/** The loan events that become pushes. */
export const PUSH_LOAN_EVENTS = [
  'AgreementIssued',
  'FinalApprovalGranted',
  'LoanDisbursed',
  'RepaymentApplied',
  'InstalmentWentOverdue',
  'LoanClosed',
  'LoanRejected',
] as const satisfies readonly LoanEventType[];
export type PushLoanEventType = (typeof PUSH_LOAN_EVENTS)[number];

export type PushLoanEvent = { type: string; data: Record<string, unknown> };
export type PushContext = { currency: string; portalUrl: string };

export const loanReference = (loanId: string) => loanId.slice(0, 8).toUpperCase();

const isPushLoanEvent = (type: string): type is PushLoanEventType => (PUSH_LOAN_EVENTS as readonly string[]).includes(type);

/** The push a loan event sends to its borrower, or undefined when the event sends none. */
export function pushForLoanEvent(event: PushLoanEvent, context: PushContext): PushMessage | undefined {
  if (!isPushLoanEvent(event.type)) return undefined;
  const loanId = String(event.data.loanId);
  const ref = loanReference(loanId);
  const money = (minor: unknown) => formatMoney(Number(minor), context.currency);
  const link = `${context.portalUrl}/User/Loans/${loanId}`;
  switch (event.type) {
    case 'AgreementIssued':
      return { topic: 'agreement-issued', title: 'Your agreement is ready', body: `Review and sign the agreement for loan ${ref}.`, link };
    case 'FinalApprovalGranted':
      return { topic: 'loan-approved', title: 'Loan approved', body: `Loan ${ref} is approved; the money is on its way.`, link };
    case 'LoanDisbursed':
      return {
        topic: 'loan-disbursed',
        title: 'Money sent',
        body: `Loan ${ref} was paid out to your bank account (reference ${String(event.data.payoutReference)}).`,
        link,
      };
    case 'RepaymentApplied':
      return {
        topic: 'payment-received',
        title: 'Payment received',
        body: `We received ${money(event.data.amount)} for loan ${ref}. Thank you.`,
        link,
      };
    case 'InstalmentWentOverdue':
      return {
        topic: 'instalment-overdue',
        title: 'Instalment overdue',
        body: `Instalment ${Number(event.data.instalmentNumber)} of loan ${ref} (${money(event.data.amountOverdue)}) is overdue. Pay now to avoid further charges.`,
        link: `${link}#pay`,
      };
    case 'LoanClosed':
      return { topic: 'loan-closed', title: 'Loan closed', body: `Loan ${ref} is fully repaid. Thank you.`, link };
    case 'LoanRejected':
      return { topic: 'loan-rejected', title: 'Application update', body: `Your application ${ref} was not approved.`, link };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

export type ReminderFacts = { loanId: string; kind: 'due-soon' | 'overdue'; instalmentNumber: number; dueDate: string; amountDue: number };

/** The push of a collection reminder (the same reminder the email sends). */
export function pushForReminder(reminder: ReminderFacts, context: PushContext): PushMessage {
  const ref = loanReference(reminder.loanId);
  const amount = formatMoney(reminder.amountDue, context.currency);
  const link = `${context.portalUrl}/User/Loans/${reminder.loanId}#pay`;
  return reminder.kind === 'due-soon'
    ? {
        topic: 'instalment-due-soon',
        title: 'Instalment due soon',
        body: `Instalment ${reminder.instalmentNumber} of loan ${ref} (${amount}) is due on ${formatDate(reminder.dueDate)}.`,
        link,
      }
    : {
        topic: 'instalment-overdue',
        title: 'Instalment overdue',
        body: `Instalment ${reminder.instalmentNumber} of loan ${ref} (${amount}), due on ${formatDate(reminder.dueDate)}, is still unpaid.`,
        link,
      };
}

/** The last characters of a token: enough for staff to tell devices apart in the log, never the token itself. */
export const tokenTail = (token: string) => `…${token.slice(-6)}`;
