import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, useGetList } from 'react-admin';
import { formatDate, formatDateTime, formatMoney } from '@lending/web-common/format';
import { PAYMENT_METHOD_LABELS, type AdminPayment as Payment } from '@lending/web-common/servicing';
import { PaymentActionButtons } from '../payments/PaymentActionButtons';
import { MakerNote, PaymentStatusChip } from '../payments/PaymentFields';

/** The loan's payments, newest first, each with what this staff member may do to it (verify, reject, reverse). */
export function LoanPayments({ loanId, currency }: { loanId: string; currency: string }) {
  const { data, isPending, error } = useGetList<Payment>('Payments', {
    filter: { loanId },
    sort: { field: 'recordedAt', order: 'DESC' },
    pagination: { page: 1, perPage: 50 },
  });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data || data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No payments yet.
      </Typography>
    );
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Table size="small" aria-label="Payments" data-testid="loan-payments">
      <TableHead>
        <TableRow>
          <TableCell>Recorded</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Method</TableCell>
          <TableCell>Paid on</TableCell>
          <TableCell>Reference</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((payment) => (
          <TableRow key={payment.id} data-testid={`payment-${payment.id}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(payment.recordedAt)}
              <MakerNote payment={payment} />
            </TableCell>
            <TableCell align="right">{money(payment.amount)}</TableCell>
            <TableCell>{PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(payment.paidOn)}</TableCell>
            <TableCell>{payment.reference ?? '—'}</TableCell>
            <TableCell>
              <PaymentStatusChip payment={payment} />
            </TableCell>
            <TableCell>
              <PaymentActionButtons payment={payment} currency={currency} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
