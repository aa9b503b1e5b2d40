import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime, formatMoney } from '@lending/web-common/format';
import { DEFAULT_CURRENCY, shortId } from './labels';
import { STATE_LABELS } from './queues';
import type { AdminLoanRow as Loan } from '@lending/web-common/api';

const STATE_COLORS: Record<string, 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info'> = {
  active: 'success',
  closed: 'success',
  settled: 'success',
  writtenOff: 'error',
  rejected: 'error',
  cancelled: 'default',
  new: 'default',
  applied: 'info',
};

export function StateChip({ state }: { state: string }) {
  return (
    <Chip
      size="small"
      label={STATE_LABELS[state] ?? state}
      color={STATE_COLORS[state] ?? 'warning'}
      variant={state === 'active' ? 'filled' : 'outlined'}
    />
  );
}

export function StateField(_: { label?: string; sortBy?: string }) {
  const loan = useRecordContext<Loan>();
  return loan ? <StateChip state={loan.state} /> : null;
}

/** The principal: the approved amount once the soft check set one, else the amount asked for. */
export function PrincipalField(_: { label?: string; sortBy?: string; textAlign?: string }) {
  const loan = useRecordContext<Loan>();
  if (!loan) return null;
  return <span>{formatMoney(loan.approvedAmount ?? loan.amount, loan.currency ?? DEFAULT_CURRENCY)}</span>;
}

export function BorrowerField(_: { label?: string; sortable?: boolean }) {
  const loan = useRecordContext<Loan>();
  if (!loan?.borrower) return null;
  return (
    <span>
      {loan.borrower.name}
      <br />
      {/* A long address breaks anywhere rather than widening the queue past the page (issue 28 item 2). */}
      <small style={{ color: '#666', overflowWrap: 'anywhere' }}>{loan.borrower.email}</small>
    </span>
  );
}

export function LoanTypeField(_: { label?: string; sortBy?: string }) {
  const loan = useRecordContext<Loan>();
  if (!loan) return null;
  return <span>{loan.type === 'EMI' ? 'EMI' : 'Salary advance'}</span>;
}

export function TenureField(_: { label?: string; sortBy?: string }) {
  const loan = useRecordContext<Loan>();
  if (!loan) return null;
  return <span>{loan.type === 'EMI' ? `${loan.tenureMonths} mo` : 'to pay day'}</span>;
}

/** When and by whom a loan passed the gate an approved list is about. */
export function GateField({ gate }: { gate: 'soft' | 'bank' | 'consent' | 'final'; label?: string; sortBy?: string }) {
  const loan = useRecordContext<Loan>();
  const passed = loan?.approvals?.[gate];
  if (!passed) return <span>—</span>;
  return (
    <span>
      {formatDateTime(passed.at)}
      <br />
      <small style={{ color: '#666' }}>by {passed.actor.role}</small>
    </span>
  );
}

export function DateTimeField({ source }: { source: 'createdAt' | 'updatedAt' | 'submittedAt'; label?: string; sortBy?: string }) {
  const loan = useRecordContext<Loan>();
  return <span>{formatDateTime(loan?.[source])}</span>;
}

/** The first 8 characters of the id: enough to tell loans apart on screen; the full id is in the tooltip. */
export function LoanIdField(_: { label?: string; sortable?: boolean }) {
  const loan = useRecordContext<Loan>();
  if (!loan) return null;
  return (
    <span title={loan.id} style={{ fontFamily: 'monospace' }}>
      {shortId(loan.id)}
    </span>
  );
}
