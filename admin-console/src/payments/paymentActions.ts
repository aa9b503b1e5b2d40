import type { PaymentStatus } from '@lending/web-common/servicing';
import { canAccess, type Permissions } from '../permissions/canAccess';
import type { ActionSpec } from '../loans/actions';
import type { PaymentAction } from '../providers/dataProvider';

const reason = (label: string) => ({ name: 'reason', label, required: true, type: 'multiline' as const });
const withReason = (values: Record<string, string>) => ({ reason: values.reason.trim() });

export const PAYMENT_ACTIONS: Record<PaymentAction, ActionSpec<PaymentAction>> = {
  verify: {
    action: 'verify',
    label: 'Verify',
    confirm: 'Confirm the money arrived? The payment is applied to the loan’s instalments at once.',
    color: 'success',
    fields: [],
    body: () => ({}),
  },
  reject: {
    action: 'reject',
    label: 'Reject',
    confirm: 'Reject this payment? It is never applied to the loan.',
    color: 'error',
    fields: [reason('Reason (what did not match)')],
    body: withReason,
  },
  reverse: {
    action: 'reverse',
    label: 'Reverse',
    confirm:
      'Ask for this payment to be reversed (a bounced cheque, a chargeback)? A second staff member approves it; then every later payment re-allocates.',
    color: 'error',
    fields: [reason('Reason for the reversal')],
    body: withReason,
  },
  'approve-reversal': {
    action: 'approve-reversal',
    label: 'Approve reversal',
    confirm: 'Take this payment back out of the loan? Every later payment re-allocates from its date.',
    color: 'error',
    fields: [],
    body: () => ({}),
  },
  'reject-reversal': {
    action: 'reject-reversal',
    label: 'Keep the payment',
    confirm: 'Turn the reversal request down? The payment stands.',
    color: 'primary',
    fields: [reason('Reason')],
    body: withReason,
  },
};

/**
 * What this staff member may do to the payment now: its state decides, their permissions allow, and the checker of a
 * maker-checker pair is never the maker (the server answers 403 `same-person` too; hiding it spares the attempt).
 */
export function offeredPaymentActions(
  payment: { status: PaymentStatus; recordedBy?: string | null; reversalRequestedBy?: string | null },
  me: string | undefined,
  permissions: Permissions | undefined,
): PaymentAction[] {
  const may = (action: PaymentAction) => canAccess(permissions, action, 'payments');
  const offered: PaymentAction[] = [];
  if (payment.status === 'pending') {
    if (may('verify') && payment.recordedBy !== me) offered.push('verify');
    if (may('reject')) offered.push('reject');
  } else if (payment.status === 'applied') {
    if (!payment.reversalRequestedBy) {
      if (may('reverse')) offered.push('reverse');
    } else {
      if (may('approve-reversal') && payment.reversalRequestedBy !== me) offered.push('approve-reversal');
      if (may('reject-reversal')) offered.push('reject-reversal');
    }
  }
  return offered;
}
