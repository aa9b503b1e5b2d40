import type { AutoDebitNoticeMessage } from '../../lending/public/index.js';
import { formatDate, formatMoney } from '../../platform/format/format.js';
import { loanReference } from './push.js';

/** The email template event of each auto-debit notice (domain/template-events.ts). */
export const AUTO_DEBIT_TEMPLATE: Record<AutoDebitNoticeMessage['kind'], string> = {
  'pre-debit': 'auto-debit-pre-debit',
  bounced: 'auto-debit-bounced',
  'mandate-ended': 'auto-debit-ended',
};

/** The SMS log's purpose of each notice. */
export const AUTO_DEBIT_SMS_PURPOSE: Record<AutoDebitNoticeMessage['kind'], string> = {
  'pre-debit': 'auto-debit-pre-debit',
  bounced: 'auto-debit-bounced',
  'mandate-ended': 'auto-debit-ended',
};

export type NoticeContext = { lenderName: string; portalUrl: string; currency: string };

const mandateName = (kind: AutoDebitNoticeMessage['mandateKind']) => (kind === 'upi-autopay' ? 'UPI AutoPay' : 'e-NACH');

/**
 * What an auto-debit notice says (pure): the email's variables (its template words them; staff may edit it) and the
 * SMS's text (short, one message: the lender, the loan's reference, the amount and date, and the link to pay where
 * there is something to pay).
 */
export function autoDebitNotice(
  notice: AutoDebitNoticeMessage,
  context: NoticeContext,
): { template: string; variables: Record<string, string>; sms: string } {
  const money = (minor: number) => formatMoney(minor, context.currency);
  const ref = loanReference(notice.loanId);
  const loanUrl = `${context.portalUrl}/User/Loans/${notice.loanId}`;
  const payUrl = `${loanUrl}#pay`;
  const variables: Record<string, string> = {
    borrowerName: notice.borrower.name,
    loanReference: ref,
    loanId: notice.loanId,
    loanType: notice.loanType === 'salaryAdvance' ? 'Salary advance' : 'EMI loan',
    amount: money(notice.loanAmount),
    loanUrl,
    payUrl,
    mandateKind: mandateName(notice.mandateKind),
  };
  const template = AUTO_DEBIT_TEMPLATE[notice.kind];
  switch (notice.kind) {
    case 'pre-debit':
      return {
        template,
        variables: {
          ...variables,
          instalmentNumber: String(notice.instalmentNumber),
          debitAmount: money(notice.amount),
          debitDate: formatDate(notice.debitOn),
        },
        sms:
          `${context.lenderName}: ${money(notice.amount)} for instalment ${notice.instalmentNumber} of loan ${ref} ` +
          `will be debited by ${mandateName(notice.mandateKind)} on ${formatDate(notice.debitOn)}. Keep the amount in your account.`,
      };
    case 'bounced':
      return {
        template,
        variables: {
          ...variables,
          instalmentNumber: String(notice.instalmentNumber),
          debitAmount: money(notice.amount),
          bounceReason: notice.reason,
          nextAttemptDate: notice.nextAttemptOn ? formatDate(notice.nextAttemptOn) : '',
        },
        sms:
          `${context.lenderName}: your bank returned the auto-debit of ${money(notice.amount)} for instalment ` +
          `${notice.instalmentNumber} of loan ${ref} (${notice.reason}). Pay now: ${payUrl}`,
      };
    case 'mandate-ended': {
      const next = notice.nextDue;
      return {
        template,
        variables: {
          ...variables,
          endCause: notice.cause,
          manualPayment: notice.loanActive ? 'yes' : '',
          nextDueDate: next ? formatDate(next.dueOn) : '',
          nextDueAmount: next ? money(next.amountDue) : '',
          instalmentNumber: next ? String(next.instalmentNumber) : '',
        },
        sms:
          `${context.lenderName}: the ${mandateName(notice.mandateKind)} mandate of loan ${ref} is cancelled (${notice.cause}).` +
          (notice.loanActive
            ? next
              ? ` Please pay each instalment yourself: the next, ${money(next.amountDue)}, is due on ${formatDate(next.dueOn)}. Pay: ${payUrl}`
              : ` Please pay each instalment yourself by its due date: ${payUrl}`
            : ''),
      };
    }
  }
}
