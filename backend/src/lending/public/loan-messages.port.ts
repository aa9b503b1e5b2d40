import type { AgreementTerms, LoanType } from '../loan/domain/loan.types.js';

/** The borrower as a message addresses them: lending's own copy of the name and email (loan_borrowers). */
export type MessageBorrower = { id: string; name: string; email: string };

/**
 * An issued agreement to read and sign: its terms and a single-use link. The token is a secret of the email: the
 * stored message and the email log show `[redacted]`, only the message handed to the mail server carries it, and it is
 * dropped once sent or when the link expires. Sent once per agreement (loan and document hash).
 */
export type AgreementSignLinkMessage = {
  loanId: string;
  documentHash: string;
  loanType: LoanType;
  terms: Pick<AgreementTerms, 'principal' | 'tenureMonths' | 'annualRatePercent' | 'instalmentAmount'>;
  borrower: MessageBorrower;
  token: string;
  expiresAt: Date;
  validForHours: number;
};

/** A collection reminder of one instalment (issue 13): due soon, or overdue by `daysPastDue` days. */
export type InstalmentReminderMessage = {
  /** The reminder's key (loan, instalment, offset): its email and its push go out once per reminder. */
  reminderId: string;
  kind: 'due-soon' | 'overdue';
  loanId: string;
  loanType: LoanType;
  /** The loan's amount, in minor units. */
  amount: number;
  instalmentNumber: number;
  dueOn: string;
  /** What is still owed on the instalment, in minor units. */
  amountDue: number;
  daysPastDue: number;
  borrower: MessageBorrower;
};

/**
 * Recovery conduct (issue 33): before a collector works a loan, its borrower is told who will contact them and how to
 * reach that person. `notice` is the text (lending words it); `phone` is the borrower's.
 */
export type CollectorNoticeMessage = {
  loanId: string;
  borrower: { id: string; name: string; phone: string };
  collector: { id: string; name: string; email: string };
  notice: string;
};

/**
 * An auto-debit notice (issue 32, docs/mandates.md "Notices to the borrower"), by SMS and email, sent once per
 * `noticeId` (the kind and the presentation or mandate it is about):
 * - `pre-debit`: UPI AutoPay's pre-debit notification (NPCI: at least 24 hours before the debit), the amount and the date;
 * - `bounced`: the borrower's bank returned a debit, with the reason in words and the link to pay now;
 * - `mandate-ended`: the mandate is cancelled (the borrower, staff, the bank, the loan's end); while the loan is active
 *   it is back on manual payment, with its next due instalment (none when nothing is owed) and the link to pay.
 * Amounts in minor units; dates YYYY-MM-DD. `borrower.phone` null: no SMS, the email alone.
 */
export type AutoDebitNoticeMessage = {
  noticeId: string;
  loanId: string;
  loanType: LoanType;
  /** The loan's amount, in minor units. */
  loanAmount: number;
  mandateKind: 'e-nach' | 'upi-autopay';
  borrower: MessageBorrower & { phone: string | null };
} & (
  | { kind: 'pre-debit'; instalmentNumber: number; amount: number; debitOn: string }
  | { kind: 'bounced'; instalmentNumber: number; amount: number; reason: string; nextAttemptOn: string | null }
  | {
      kind: 'mandate-ended';
      /** Why, in words (e.g. "you cancelled it", "your bank cancelled it"). */
      cause: string;
      /** Whether the loan is still being repaid (then it is back on manual payment). */
      loanActive: boolean;
      nextDue: { instalmentNumber: number; dueOn: string; amountDue: number } | null;
    }
);

/** What became of an auto-debit notice: the email's id (undefined when no template sent it) and the SMS's status (`no-phone`: none sent). */
export type AutoDebitNoticeSent = { emailId: string | undefined; sms: 'sent' | 'logged' | 'no-phone' };

/**
 * What lending needs said to a borrower apart from what communications writes about loan events on its own: the
 * agreement's e-sign link and the collection reminders. Communications (above lending) implements it with the
 * product's own email templates (the shipped default when staff deactivated every template of the event) and the
 * borrower's registered devices. Also the DI token (Nest injects abstract classes by type).
 */
export abstract class LoanMessages {
  abstract sendAgreementSignLink(message: AgreementSignLinkMessage): Promise<void>;

  /** The reminder by email and push: the email's id (undefined when no template could send it) and how many devices got a push. */
  abstract sendInstalmentReminder(message: InstalmentReminderMessage): Promise<{ emailId: string | undefined; pushes: number }>;

  /** The collector's name and contact, by SMS (recorded in the SMS log); answers when it was handed over and how. */
  abstract sendCollectorNotice(message: CollectorNoticeMessage): Promise<{ channel: 'sms'; to: string; status: string }>;

  /** An auto-debit notice by SMS (the SMS log keeps it) and email (the product's own template); idempotent per `noticeId` for the email. */
  abstract sendAutoDebitNotice(message: AutoDebitNoticeMessage): Promise<AutoDebitNoticeSent>;
}
