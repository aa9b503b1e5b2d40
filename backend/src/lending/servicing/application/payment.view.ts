import type { Selectable } from 'kysely';
import type { PaymentsTable } from '../../../platform/database/schema.js';

type PaymentRow = Selectable<PaymentsTable>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const money = (value: string | number | null) => (value === null ? null : Number(value));

/** Final statuses: the borrower's payment page stops polling at one of these. */
export const FINAL_PAYMENT_STATUSES = ['applied', 'rejected', 'failed', 'mismatched', 'reversed'] as const;

/** What staff see of a payment (/api/admin/payments*): an allow-list of the read model's columns. */
export function paymentView(row: PaymentRow) {
  return {
    id: row.id,
    loanId: row.loan_id,
    channel: row.channel as 'online' | 'offline',
    method: row.method,
    amount: Number(row.amount),
    paidOn: row.paid_on,
    reference: row.reference,
    status: row.status,
    /** A captured amount that differs from the order: for staff to look at, never applied. */
    flagged: row.status === 'mismatched',
    recordedBy: row.recorded_by,
    recordedAt: iso(row.recorded_at)!,
    verifiedBy: row.verified_by,
    verifiedAt: iso(row.verified_at),
    rejectedBy: row.rejected_by,
    rejectionReason: row.rejection_reason,
    provider: row.provider,
    providerOrderId: row.provider_order_id,
    providerReference: row.provider_reference,
    capturedAmount: money(row.captured_amount),
    reversalRequestedBy: row.reversal_requested_by,
    reversalReason: row.reversal_reason,
    reversedBy: row.reversed_by,
    reversedOn: row.reversed_on,
    updatedAt: iso(row.updated_at)!,
  };
}

export type PaymentView = ReturnType<typeof paymentView>;

/** What a borrower sees of their own payment (/api/me/payments/:id): no staff identities, notes or provider ids. */
export function myPaymentView(row: PaymentRow) {
  return {
    paymentId: row.id,
    loanId: row.loan_id,
    channel: row.channel as 'online' | 'offline',
    method: row.method,
    amount: Number(row.amount),
    paidOn: row.paid_on,
    status: row.status,
    final: (FINAL_PAYMENT_STATUSES as readonly string[]).includes(row.status),
    createdAt: iso(row.recorded_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}
