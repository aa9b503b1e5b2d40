import { DEFAULT_CURRENCY } from '../loans/labels';
import { Stack } from '@mui/material';
import { useDataProvider, useGetIdentity, usePermissions } from 'react-admin';
import { formatMoney } from '@lending/web-common/format';
import type { AdminPayment as Payment } from '@lending/web-common/servicing';
import type { Permissions } from '../permissions/canAccess';
import type { LendingDataProvider } from '../providers/dataProvider';
import { CommandButton } from './CommandButton';
import type { PaymentAction } from '../providers/dataProvider';
import { offeredPaymentActions, PAYMENT_ACTIONS } from './paymentActions';

const DONE: Record<PaymentAction, string> = {
  verify: 'Payment verified and applied to the loan.',
  reject: 'Payment rejected.',
  reverse: 'Reversal requested: a second staff member approves it.',
  'approve-reversal': 'Payment reversed; later payments re-allocated.',
  'reject-reversal': 'Reversal turned down: the payment stands.',
};

/** Verify / Reject a pending payment, Reverse an applied one, as the payment's state and this staff member allow. */
export function PaymentActionButtons({ payment, currency = DEFAULT_CURRENCY }: { payment: Payment; currency?: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Permissions>();
  const actions = offeredPaymentActions(payment, identity?.id === undefined ? undefined : String(identity.id), permissions);
  if (actions.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" onClick={(e) => e.stopPropagation()}>
      {actions.map((action) => (
        <CommandButton
          key={action}
          spec={PAYMENT_ACTIONS[action]}
          currency={currency}
          size="small"
          variant={action === 'verify' ? 'contained' : 'outlined'}
          subject={`${formatMoney(payment.amount, currency)} · ${payment.reference ?? payment.id}`}
          done={DONE[action]}
          run={(body, key) => dataProvider.paymentAction(payment.id, action, body, key)}
        />
      ))}
    </Stack>
  );
}
