import { formatDate, formatMoney, parseAmount, minorDigits } from '@lending/web-common/format';
import type { ActionSpec } from '../loans/actions';
import type { LoanDelinquency, SettlementOffer } from './types';

export type Classification = LoanDelinquency['classification'];

/** RBI classes as staff read them, with the chip colour: standard is fine, NPA is the worst. */
export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  standard: 'Standard',
  'SMA-0': 'SMA-0 (1–30 days)',
  'SMA-1': 'SMA-1 (31–60 days)',
  'SMA-2': 'SMA-2 (61–90 days)',
  NPA: 'NPA (over 90 days)',
};

export const CLASSIFICATION_COLORS: Record<Classification, 'success' | 'info' | 'warning' | 'error'> = {
  standard: 'success',
  'SMA-0': 'info',
  'SMA-1': 'warning',
  'SMA-2': 'warning',
  NPA: 'error',
};

export const OFFER_STATUS_LABELS: Record<SettlementOffer['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Approved: waiting for payment',
  settled: 'Settled',
  lapsed: 'Lapsed',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** The offer still open (pending or approved): at most one. */
export function openOffer(offers: readonly SettlementOffer[]): SettlementOffer | undefined {
  return offers.find((offer) => offer.status === 'pending' || offer.status === 'approved');
}

/** The checker of maker-checker: anyone holding the permission but the one who made or asked. */
export function mayApprove(makerId: string | null | undefined, userId: string | number | undefined, hasPermission: boolean): boolean {
  return hasPermission && userId !== undefined && makerId !== null && makerId !== undefined && String(userId) !== makerId;
}

/** "₹1,234.00 principal + ₹56.00 interest …" of the non-zero components, or nothing when none is. */
export function componentsText(
  amounts: { principal: number; interest: number; fees: number; penalties: number } | null,
  currency: string,
): string {
  if (!amounts) return '';
  const parts = (['principal', 'interest', 'fees', 'penalties'] as const)
    .filter((k) => amounts[k] > 0)
    .map((k) => `${formatMoney(amounts[k], currency)} ${k}`);
  return parts.length > 0 ? parts.join(' + ') : 'nothing';
}

const major = (minor: number, currency: string) => (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));

/** Making an offer: an amount up to what is owed, a date from the business date on, and why. */
export function settlementOfferSpec(currency: string, businessDate: string, outstandingTotal: number): ActionSpec<'settle'> {
  return {
    action: 'settle',
    label: 'Offer settlement',
    confirm: `Offer to close this loan for less than the ${formatMoney(outstandingTotal, currency)} owed? A second staff member must approve the offer; payments after the approval that reach the amount by the date settle the loan, and the rest is waived.`,
    color: 'primary',
    fields: [
      {
        name: 'amount',
        label: 'Settlement amount (₹)',
        required: true,
        defaultValue: outstandingTotal > 0 ? major(outstandingTotal, currency) : undefined,
        helperText: `At most the outstanding total, ${formatMoney(outstandingTotal, currency)}`,
        validate: (value) => {
          const minor = parseAmount(value, currency);
          if (minor === null) return `An amount in rupees with at most ${minorDigits(currency)} decimals`;
          if (minor <= 0) return 'More than zero';
          return minor > outstandingTotal ? `At most ${formatMoney(outstandingTotal, currency)}` : null;
        },
      },
      {
        name: 'validUntil',
        label: 'Valid until',
        required: true,
        type: 'date',
        helperText: `Paid by this date; from the business date, ${formatDate(businessDate)}`,
        validate: (value) =>
          /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= businessDate ? null : `A date on or after ${formatDate(businessDate)}`,
      },
      { name: 'reason', label: 'Reason', required: true, type: 'multiline' },
    ],
    body: (values) => ({
      amount: parseAmount(values.amount, currency),
      validUntil: values.validUntil,
      reason: (values.reason ?? '').trim(),
    }),
  };
}

export const APPROVE_OFFER: ActionSpec<'approve-settlement'> = {
  action: 'approve-settlement',
  label: 'Approve offer',
  confirm:
    'Approve this settlement? Once the borrower pays the amount by the date, the loan closes as settled and the rest of what is owed is waived.',
  color: 'success',
  fields: [],
  body: () => ({}),
};

const requiredReason = { name: 'reason', label: 'Reason', required: true, type: 'multiline' as const };

/** The checker turns a pending offer down: a reason is required and recorded. */
export const REJECT_OFFER: ActionSpec<'approve-settlement'> = {
  action: 'approve-settlement',
  label: 'Reject offer',
  confirm: 'Reject this settlement offer? It is closed for good; a new offer may be made later.',
  color: 'error',
  fields: [requiredReason],
  body: (values) => ({ reason: (values.reason ?? '').trim() }),
};

/** The maker takes back their own pending offer. */
export const WITHDRAW_OFFER: ActionSpec<'settle'> = {
  action: 'settle',
  label: 'Withdraw offer',
  confirm: 'Withdraw your settlement offer? It is closed for good and no longer waits for approval; you may make a new one.',
  color: 'error',
  fields: [],
  body: () => ({}),
};

export const WRITE_OFF: ActionSpec<'write-off'> = {
  action: 'write-off',
  label: 'Request write-off',
  confirm:
    'Ask for everything this loan still owes to be written off? A second staff member must approve it. Later payments are recorded as recoveries.',
  color: 'error',
  fields: [{ name: 'reason', label: 'Reason', required: true, type: 'multiline' }],
  body: (values) => ({ reason: (values.reason ?? '').trim() }),
};

export const APPROVE_WRITE_OFF: ActionSpec<'approve-write-off'> = {
  action: 'approve-write-off',
  label: 'Approve write-off',
  confirm: 'Write this loan off now? Everything it owes is taken off the books; this cannot be undone.',
  color: 'error',
  fields: [],
  body: () => ({}),
};

/** The checker turns the write-off down: a reason is required; the loan stays active. */
export const REJECT_WRITE_OFF: ActionSpec<'approve-write-off'> = {
  action: 'approve-write-off',
  label: 'Reject write-off',
  confirm: 'Reject this write-off? The loan stays active and collections go on; a new write-off may be asked for later.',
  color: 'error',
  fields: [requiredReason],
  body: (values) => ({ reason: (values.reason ?? '').trim() }),
};

/** The one who asked takes the write-off request back. */
export const WITHDRAW_WRITE_OFF: ActionSpec<'write-off'> = {
  action: 'write-off',
  label: 'Withdraw request',
  confirm: 'Withdraw your write-off request? It no longer waits for approval and the loan stays active.',
  color: 'error',
  fields: [],
  body: () => ({}),
};

/** A sentence for the last offer that was closed without settling (rejected, withdrawn or lapsed). */
export function closedOfferText(offer: SettlementOffer, currency: string): string {
  const what = `The last offer, ${formatMoney(offer.amount, currency)} by ${formatDate(offer.validUntil)},`;
  if (offer.status === 'rejected')
    return `${what} was rejected${offer.closedAt ? ` on ${formatDate(offer.closedAt)}` : ''}: ${offer.closeReason ?? ''}`.trim();
  if (offer.status === 'withdrawn')
    return `${what} was withdrawn by its maker${offer.closedAt ? ` on ${formatDate(offer.closedAt)}` : ''}.`;
  return `${what} lapsed.`;
}
