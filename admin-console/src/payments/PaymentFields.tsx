import { Chip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useGetIdentity, useRecordContext } from 'react-admin';
import { formatDate, formatDateTime, formatMoney } from '@lending/web-common/format';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type AdminPayment as Payment,
  type PaymentStatus,
} from '@lending/web-common/servicing';
import { DEFAULT_CURRENCY, shortId } from '../loans/labels';

const STATUS_COLORS: Record<PaymentStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  created: 'default',
  pending: 'warning',
  applied: 'success',
  rejected: 'error',
  failed: 'error',
  mismatched: 'warning',
  reversed: 'default',
};

export function PaymentStatusChip({ payment }: { payment: Pick<Payment, 'status' | 'reversalRequestedBy'> }) {
  const label =
    payment.status === 'applied' && payment.reversalRequestedBy
      ? 'Reversal requested'
      : (PAYMENT_STATUS_LABELS[payment.status] ?? payment.status);
  return (
    <Chip
      size="small"
      label={label}
      color={STATUS_COLORS[payment.status] ?? 'default'}
      variant={payment.status === 'applied' ? 'filled' : 'outlined'}
    />
  );
}

/**
 * "recorded by you" under a payment this staff member recorded (or an online one: "by the borrower"): the checker of a
 * maker-checker pair sees at a glance why Verify is not offered.
 */
export function MakerNote({ payment }: { payment: Pick<Payment, 'channel' | 'recordedBy' | 'reversalRequestedBy'> }) {
  const { identity } = useGetIdentity();
  const me = identity?.id === undefined ? undefined : String(identity.id);
  const notes = [
    payment.channel === 'online' ? 'paid online by the borrower' : payment.recordedBy === me ? 'recorded by you' : null,
    payment.reversalRequestedBy && payment.reversalRequestedBy === me ? 'reversal asked by you' : null,
  ].filter(Boolean);
  return notes.length ? (
    <Typography variant="caption" component="div" color="text.secondary">
      {notes.join(' · ')}
    </Typography>
  ) : null;
}

type FieldProps = { label?: string; sortBy?: string; sortable?: boolean; textAlign?: 'right' | 'left' };

export function StatusField(_: FieldProps) {
  const payment = useRecordContext<Payment>();
  return payment ? <PaymentStatusChip payment={payment} /> : null;
}

export function AmountField(_: FieldProps) {
  const payment = useRecordContext<Payment>();
  return payment ? <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(payment.amount, DEFAULT_CURRENCY)}</span> : null;
}

export function MethodField(_: FieldProps) {
  const payment = useRecordContext<Payment>();
  return payment ? <span>{PAYMENT_METHOD_LABELS[payment.method] ?? payment.method}</span> : null;
}

export function PaidOnField(_: FieldProps) {
  const payment = useRecordContext<Payment>();
  return payment ? <span style={{ whiteSpace: 'nowrap' }}>{formatDate(payment.paidOn)}</span> : null;
}

export function RecordedField(_: FieldProps) {
  const payment = useRecordContext<Payment>();
  if (!payment) return null;
  return (
    <span>
      {formatDateTime(payment.recordedAt)}
      <MakerNote payment={payment} />
    </span>
  );
}

/** The loan page of the payment's loan (every loan path shows the same page). */
export function LoanLinkField(_: FieldProps) {
  const payment = useRecordContext<Payment & { loanType?: string }>();
  if (!payment) return null;
  const segment = payment.loanType === 'salaryAdvance' ? 'salaryAdvance' : 'Emi';
  return (
    <Link to={`/Loan/Active/${segment}/${payment.loanId}`} onClick={(e) => e.stopPropagation()}>
      {shortId(payment.loanId)}
    </Link>
  );
}
