import { Box, Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '@lending/web-common/format';
import { DEFAULT_CURRENCY } from '../loans/labels';
import { shortId } from '../loans/labels';
import {
  bankReasonLabel,
  cancelCauseLabel,
  MANDATE_KIND_LABELS,
  MANDATE_STATUS_LABELS,
  PRESENTATION_STATUS_LABELS,
  type Mandate,
  type Presentation,
} from './types';

/** What react-admin's Datagrid reads of a column (its header and sorting). */
type FieldProps = { label?: string; sortBy?: string; sortable?: boolean; textAlign?: 'right' | 'left' };

const STATUS_COLORS: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  active: 'success',
  succeeded: 'success',
  pending: 'info',
  presented: 'info',
  submitted: 'info',
  paused: 'warning',
  bounced: 'error',
  failed: 'error',
  cancelled: 'default',
};

/** Dates and amounts on one line (the bank's reason wraps); the table scrolls sideways rather than cutting a column off. */
export const NARROW_COLUMNS = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& .RaDatagrid-rowCell, & .RaDatagrid-headerCell': { px: 1, whiteSpace: 'nowrap' },
} as const;

export function StatusChip({ status, labels }: { status: string; labels: Record<string, string> }) {
  return <Chip size="small" label={labels[status] ?? status} color={STATUS_COLORS[status] ?? 'default'} variant="outlined" />;
}

export function LoanLink(_: FieldProps) {
  const record = useRecordContext<{ loanId: string }>();
  if (!record) return null;
  return (
    <Link to={`/Loan/Active/Emi/${record.loanId}`} onClick={(e) => e.stopPropagation()}>
      {shortId(record.loanId)}
    </Link>
  );
}

export function MandateStatusField(_: FieldProps) {
  const mandate = useRecordContext<Mandate>();
  return mandate ? <StatusChip status={mandate.status} labels={MANDATE_STATUS_LABELS} /> : null;
}

export function PresentationStatusField(_: FieldProps) {
  const presentation = useRecordContext<Presentation>();
  return presentation ? <StatusChip status={presentation.status} labels={PRESENTATION_STATUS_LABELS} /> : null;
}

export function KindField(_: FieldProps) {
  const mandate = useRecordContext<Mandate>();
  return mandate ? <>{MANDATE_KIND_LABELS[mandate.kind] ?? mandate.kind}</> : null;
}

export function MoneyField({ source }: FieldProps & { source: 'amount' | 'maxAmount' | 'bounceCharge' }) {
  const record = useRecordContext<Record<string, number | null>>();
  const value = record?.[source];
  return <>{value === null || value === undefined ? '—' : formatMoney(value, DEFAULT_CURRENCY)}</>;
}

/** The bank's return reason in words with its code, e.g. "Balance insufficient (INSUFFICIENT_FUNDS)"; a dash when none. */
export function BankReasonField(_: FieldProps) {
  const presentation = useRecordContext<Presentation>();
  if (!presentation) return null;
  // The one column that wraps: the reason's words over the code.
  return (
    <Box component="span" sx={{ display: 'inline-block', whiteSpace: 'normal', minWidth: '10rem' }}>
      {bankReasonLabel(presentation)}
    </Box>
  );
}

export function CancelCauseField(_: FieldProps) {
  const mandate = useRecordContext<Mandate>();
  return mandate?.cancelCause ? <>{cancelCauseLabel(mandate.cancelCause)}</> : null;
}
