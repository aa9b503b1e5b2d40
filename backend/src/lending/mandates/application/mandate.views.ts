import type { Selectable } from 'kysely';
import type { MandatePresentationsTable, MandatesTable } from '../../../platform/database/schema.js';

export type MandateView = {
  id: string;
  loanId: string;
  kind: string;
  status: string;
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

export type PresentationView = {
  id: string;
  loanId: string;
  mandateId: string;
  instalmentNumber: number;
  attempt: number;
  amount: number;
  dueDate: string;
  presentedOn: string;
  status: string;
  latest: boolean;
  reasonCode: string | null;
  reason: string | null;
  nextAttemptOn: string | null;
  bounceCharge: number | null;
  paymentId: string | null;
  providerReference: string | null;
  updatedAt: string;
};

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export function mandateView(row: Selectable<MandatesTable>): MandateView {
  return {
    id: row.id,
    loanId: row.loan_id,
    kind: row.kind,
    status: row.status,
    maxAmount: Number(row.max_amount),
    frequency: row.frequency,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    provider: row.provider,
    providerReference: row.provider_reference,
    activeFrom: row.active_from,
    failureReason: row.failure_reason,
    startedBy: row.started_by,
    startedAt: iso(row.started_at),
    pauseRequestedBy: row.pause_requested_by,
    pauseReason: row.pause_reason,
    cancelCause: row.cancel_cause,
    updatedAt: iso(row.updated_at),
  };
}

/** A presentation in the console's lists: who the borrower is, so a collector working the bounce queue can call them. */
export type ListedPresentationView = PresentationView & { borrowerName: string | null; borrowerPhone: string | null };

export function listedPresentationView(
  row: Selectable<MandatePresentationsTable> & { borrower_name: string | null; borrower_phone: string | null },
): ListedPresentationView {
  return { ...presentationView(row), borrowerName: row.borrower_name, borrowerPhone: row.borrower_phone };
}

export function presentationView(row: Selectable<MandatePresentationsTable>): PresentationView {
  return {
    id: row.id,
    loanId: row.loan_id,
    mandateId: row.mandate_id,
    instalmentNumber: row.instalment_number,
    attempt: row.attempt,
    amount: Number(row.amount),
    dueDate: row.due_date,
    presentedOn: row.presented_on,
    status: row.status,
    latest: row.latest,
    reasonCode: row.reason_code,
    reason: row.reason,
    nextAttemptOn: row.next_attempt_on,
    bounceCharge: row.bounce_charge === null ? null : Number(row.bounce_charge),
    paymentId: row.payment_id,
    providerReference: row.provider_reference,
    updatedAt: iso(row.updated_at),
  };
}
