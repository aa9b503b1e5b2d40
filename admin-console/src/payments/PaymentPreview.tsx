import { Alert, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { Instalments } from '../loans/Instalments';
import type { LendingDataProvider } from '../providers/dataProvider';
import { SERVICING_QUERY_KEY } from './CommandButton';

type Props = { loanId: string; currency: string; payment: { amount: number; paidOn: string; reducePrincipal: boolean } | null };

/** The schedule a payment would leave, computed by the server's servicing fold before anything is recorded. */
export function PaymentPreview({ loanId, currency, payment }: Props) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, error, isFetching } = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'payment-preview', loanId, payment],
    queryFn: () => dataProvider.previewPayment(loanId, payment!),
    enabled: payment !== null,
    retry: false,
  });
  if (payment === null) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Box sx={{ mt: 2 }} data-testid="payment-preview" aria-live="polite" aria-busy={isFetching}>
      <Typography variant="subtitle2" component="h3">
        The schedule after this payment
      </Typography>
      {error ? (
        <Alert severity="error">{(error as Error).message}</Alert>
      ) : data ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            On {formatDate(data.date)}: principal {money(data.allocated.principal)}, interest {money(data.allocated.interest)}, fees and
            penalties {money(data.allocated.fees + data.allocated.penalties)}
            {data.allocated.toCreditBalance > 0 ? `, ${money(data.allocated.toCreditBalance)} held as credit` : ''}. Outstanding after it{' '}
            <strong>{money(data.outstanding.total)}</strong>, EMI {money(data.instalmentAmount)}, {data.instalments.length} instalments.
          </Typography>
          {/* Scrolls inside the dialog: focusable, so a keyboard can scroll it too. */}
          <Box sx={{ maxHeight: 280, overflow: 'auto' }} tabIndex={0} role="region" aria-label="Schedule after this payment">
            <Instalments instalments={data.instalments} currency={currency} />
          </Box>
        </>
      ) : null}
    </Box>
  );
}
