import { presentationIdOf } from './mandate.rules.js';

/** The notices the borrower is sent by SMS and email about auto-debit (docs/mandates.md, "Notices to the borrower"). */
export type AutoDebitNoticeKind = 'pre-debit' | 'bounced' | 'mandate-ended';

/** The events that call for one: UPI's pre-debit notification, a returned debit, the end of a mandate. */
export const NOTICE_EVENT_TYPES = ['PreDebitNotified', 'PresentationBounced', 'MandateCancelled'] as const;

/**
 * Which notice an event calls for, and what it is about (the claim's key, auto_debit_notices): the presentation its
 * pre-debit notification announces (loan + instalment + attempt, the id the presentation will have), the presentation
 * that bounced, or the mandate that ended. One notice per key and kind, however often the event is delivered.
 */
export function noticeOf(event: { type: string; data: Record<string, unknown> }): { about: string; kind: AutoDebitNoticeKind } | undefined {
  const data = event.data;
  switch (event.type) {
    case 'PreDebitNotified':
      return { about: presentationIdOf(String(data.loanId), Number(data.instalmentNumber), Number(data.attempt)), kind: 'pre-debit' };
    case 'PresentationBounced':
      return { about: String(data.presentationId), kind: 'bounced' };
    case 'MandateCancelled':
      return { about: String(data.mandateId), kind: 'mandate-ended' };
    default:
      return undefined;
  }
}

/**
 * Why a mandate ended, as the borrower is told (MandateCancelled's `cause`). Staff's own reason is for staff: the
 * borrower reads that the lender cancelled it.
 */
export function endCauseInWords(cause: string): string {
  if (cause.startsWith('staff:')) return 'cancelled by us';
  switch (cause) {
    case 'borrower-request':
      return 'cancelled at your request';
    case 'cancelled-at-bank':
      return 'cancelled at your bank';
    case 'account-closed':
      return 'your bank account is closed';
    case 'loan-closed':
      return 'your loan is repaid and closed';
    case 'loan-settled':
      return 'your loan is settled';
    case 'loan-written-off':
      return 'your loan was written off';
    default:
      return 'cancelled';
  }
}
