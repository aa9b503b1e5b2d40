/** Auto-debit (issue 32), as GET /api/admin/mandates, /mandate-presentations, /mandate-bounces and /loans/:id/mandates answer. */
export type Mandate = {
  id: string;
  loanId: string;
  kind: 'e-nach' | 'upi-autopay';
  status: 'pending' | 'active' | 'failed' | 'paused' | 'cancelled';
  maxAmount: number;
  frequency: string;
  validFrom: string;
  validUntil: string;
  provider: string;
  providerReference: string | null;
  activeFrom: string | null;
  failureReason: string | null;
  startedBy: string;
  startedAt: string;
  pauseRequestedBy: string | null;
  pauseReason: string | null;
  cancelCause: string | null;
  updatedAt: string;
};

export type Presentation = {
  id: string;
  loanId: string;
  mandateId: string;
  instalmentNumber: number;
  attempt: number;
  amount: number;
  dueDate: string;
  presentedOn: string;
  status: 'presented' | 'submitted' | 'succeeded' | 'bounced';
  latest: boolean;
  reasonCode: string | null;
  reason: string | null;
  nextAttemptOn: string | null;
  bounceCharge: number | null;
  paymentId: string | null;
  providerReference: string | null;
  updatedAt: string;
  /** In the console's lists only (presentations, the bounce queue). */
  borrowerName?: string | null;
  borrowerPhone?: string | null;
};

export type LoanMandates = {
  mandates: Mandate[];
  presentations: Presentation[];
  manualCollections: { instalmentNumber: number; attempt: number; code: string; detail: string; on: string }[];
};

export const MANDATE_KIND_LABELS: Record<string, string> = { 'e-nach': 'e-NACH', 'upi-autopay': 'UPI AutoPay' };
export const MANDATE_STATUSES = ['pending', 'active', 'paused', 'failed', 'cancelled'] as const;
/** Why a mandate was cancelled (MandateCancelled's cause), in words; an unknown cause reads as itself. */
export const MANDATE_CANCEL_CAUSE_LABELS: Record<string, string> = {
  'loan-closed': 'the loan was repaid and closed',
  'loan-settled': 'the loan was settled',
  'loan-written-off': 'the loan was written off',
  'cooling-off-exit': 'the borrower exited the loan in the cooling-off period',
  'borrower-request': 'the borrower asked for it',
  staff: 'staff cancelled it',
  'cancelled-at-bank': 'the borrower cancelled it at their bank',
  'account-closed': "the borrower's bank account is closed",
};
export const cancelCauseLabel = (cause: string) => MANDATE_CANCEL_CAUSE_LABELS[cause] ?? cause;

export const MANDATE_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  active: 'Active',
  paused: 'Paused',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
export const PRESENTATION_STATUSES = ['presented', 'submitted', 'succeeded', 'bounced'] as const;
export const PRESENTATION_STATUS_LABELS: Record<string, string> = {
  presented: 'Decided',
  submitted: 'Sent',
  succeeded: 'Paid',
  bounced: 'Bounced',
};

/** A returned debit's reason as the bank gave it: the words with the code, the code alone if no words, else a dash. */
export function bankReasonLabel({ reason, reasonCode }: Pick<Presentation, 'reason' | 'reasonCode'>): string {
  if (reason && reasonCode) return `${reason} (${reasonCode})`;
  return reason ?? reasonCode ?? '—';
}
