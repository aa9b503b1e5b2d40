import type { Selectable } from 'kysely';
import type { SettlementOffersTable } from '../../../platform/database/schema.js';
import type { ComponentAmounts } from '../domain/settlement.events.js';
import type { WriteOffRecord } from '../domain/settlement.state.js';

export type SettlementOfferView = {
  id: string;
  loanId: string;
  amount: number;
  validUntil: string;
  reason: string;
  /** `lapsed` also for a pending or approved offer whose validUntil is before the business date. */
  status: 'pending' | 'approved' | 'settled' | 'lapsed' | 'rejected' | 'withdrawn';
  offeredBy: string;
  offeredAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  amountPaid: number | null;
  waived: ComponentAmounts | null;
  settledOn: string | null;
  /** rejected (by the checker, with a reason) or withdrawn (by its maker). */
  closedBy: string | null;
  closedAt: string | null;
  closeReason: string | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

export function settlementOfferView(row: Selectable<SettlementOffersTable>, businessDate: string): SettlementOfferView {
  const open = row.status === 'pending' || row.status === 'approved';
  return {
    id: row.id,
    loanId: row.loan_id,
    amount: Number(row.amount),
    validUntil: row.valid_until,
    reason: row.reason,
    status: (open && row.valid_until < businessDate ? 'lapsed' : row.status) as SettlementOfferView['status'],
    offeredBy: row.offered_by,
    offeredAt: iso(row.offered_at as Date | string),
    approvedBy: row.approved_by,
    approvedAt: row.approved_at === null ? null : iso(row.approved_at as Date | string),
    amountPaid: row.amount_paid === null ? null : Number(row.amount_paid),
    waived: row.waived,
    settledOn: row.settled_on,
    closedBy: row.closed_by,
    closedAt: row.closed_at === null ? null : iso(row.closed_at as Date | string),
    closeReason: row.close_reason,
  };
}

export type WriteOffView = {
  loanId: string;
  loanState: string;
  status: 'none' | 'requested' | 'approved' | 'rejected' | 'withdrawn';
  reason: string | null;
  requestedBy: string | null;
  requestedAt: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  outstanding: ComponentAmounts | null;
  on: string | null;
  rejectedBy: string | null;
  rejectedAt: string | null;
  rejectReason: string | null;
  withdrawnBy: string | null;
  withdrawnAt: string | null;
};

export function writeOffView(loanId: string, loanState: string, writeOff: WriteOffRecord | undefined): WriteOffView {
  return {
    loanId,
    loanState,
    status: writeOff?.status ?? 'none',
    reason: writeOff?.reason ?? null,
    requestedBy: writeOff?.requestedBy ?? null,
    requestedAt: writeOff?.requestedAt ?? null,
    approvedBy: writeOff?.approvedBy ?? null,
    approvedAt: writeOff?.approvedAt ?? null,
    outstanding: writeOff?.outstanding ?? null,
    on: writeOff?.on ?? null,
    rejectedBy: writeOff?.rejectedBy ?? null,
    rejectedAt: writeOff?.rejectedAt ?? null,
    rejectReason: writeOff?.rejectReason ?? null,
    withdrawnBy: writeOff?.withdrawnBy ?? null,
    withdrawnAt: writeOff?.withdrawnAt ?? null,
  };
}
