import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useGetIdentity } from 'react-admin';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { CommandButton, SERVICING_QUERY_KEY } from '../payments/CommandButton';
import type { LendingDataProvider } from '../providers/dataProvider';
import type { ActionSpec } from './actions';
import type { CoolingOffAmounts as Amounts } from './cooling-off.types';

const REQUEST_EXIT: ActionSpec<'cooling-off-exit'> = {
  action: 'cooling-off-exit',
  label: 'Ask for a cooling-off exit',
  confirm:
    'Ask for this borrower to exit the loan in its cooling-off period? A second member of staff approves; the borrower then pays the amount and the loan closes, with no penalty.',
  color: 'primary',
  fields: [],
  body: () => ({}),
};
const APPROVE_EXIT: ActionSpec<'approve-cooling-off-exit'> = {
  action: 'approve-cooling-off-exit',
  label: 'Approve the exit',
  confirm: 'Approve this cooling-off exit? The borrower can then pay the amount to close the loan.',
  color: 'success',
  fields: [],
  body: () => ({}),
};

const deadlineLabel = (lastDay: string) => `23:59:59 IST on ${formatDate(lastDay)}`;
const parts = (a: Amounts, currency: string) =>
  `${formatMoney(a.principal, currency)} principal + ${formatMoney(a.interest, currency)} interest for ${a.daysHeld} day${a.daysHeld === 1 ? '' : 's'}` +
  (a.fee ? ` + ${formatMoney(a.fee, currency)} fee` : '') +
  (a.alreadyPaid ? ` - ${formatMoney(a.alreadyPaid, currency)} already paid` : '');

/**
 * The cooling-off exit on the loan page (issue 33): the window and today's amount; staff with the permission ask
 * for an exit (the maker), another member of staff approves it (the checker, never the maker).
 */
export function CoolingOffPanel({ loanId, currency }: { loanId: string; currency: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { identity } = useGetIdentity();
  const { canAccess: canRequest } = useCanAccess({ action: 'cooling-off-exit', resource: 'loans' });
  const { canAccess: canApprove } = useCanAccess({ action: 'approve-cooling-off-exit', resource: 'loans' });
  const { data, error } = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'cooling-off', loanId],
    queryFn: () => dataProvider.coolingOff(loanId),
    refetchInterval: 5000,
  });
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data?.lastDay) return null;
  const exit = data.exit;
  return (
    <Box data-testid="cooling-off-panel" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Cooling-off exit ({data.coolingOffDays} day{data.coolingOffDays === 1 ? '' : 's'}, until {deadlineLabel(data.lastDay)})
      </Typography>
      {exit ? (
        <Typography variant="body2" data-testid="cooling-off-exit">
          {exit.status === 'exited'
            ? `Exited: ${formatMoney(exit.amount, currency)} received; the loan is closed.`
            : `${exit.status === 'pending' ? 'Asked by staff, waiting for a second person' : 'Open for payment'}: ${formatMoney(exit.amount, currency)} (${parts(exit, currency)}); ${formatMoney(exit.remaining, currency)} still to pay by ${deadlineLabel(exit.lastDay)}.`}
        </Typography>
      ) : data.open && data.quote ? (
        <Typography variant="body2" data-testid="cooling-off-quote">
          An exit today costs {formatMoney(data.quote.amount, currency)} ({parts(data.quote, currency)}), no penalty
          {data.feeRetained ? '; the processing fee is kept, as the KFS says' : ''}.
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          The cooling-off period is over.
        </Typography>
      )}
      {!exit && data.open && canRequest ? (
        <CommandButton
          spec={REQUEST_EXIT}
          currency={currency}
          variant="outlined"
          done="Exit asked for: a second member of staff approves it."
          run={(_body, key) => dataProvider.requestCoolingOffExit(loanId, key)}
        />
      ) : null}
      {exit?.status === 'pending' && canApprove && identity && String(identity.id) !== exit.requestedBy ? (
        <CommandButton
          spec={APPROVE_EXIT}
          currency={currency}
          done="Exit approved."
          run={() => dataProvider.approveCoolingOffExit(loanId)}
        />
      ) : null}
    </Box>
  );
}
