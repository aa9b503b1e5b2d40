import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDate, formatDateTime, formatMoney } from '@lending/web-common/format';
import { DEFAULT_CURRENCY, shortId } from '../loans/labels';
import { classificationColor, classificationShort, dpdLabel } from './classification';
import { promiseDisplay } from './promise';
import type { CollectionRow } from './types';
import { useCollectorName } from './useCollections';
import { formatPhone } from '@lending/web-common/phone';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

type ColumnProps = { label?: string; sortable?: boolean; sortBy?: string; textAlign?: 'left' | 'right' };

export const money = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '—' : formatMoney(minor, DEFAULT_CURRENCY);

export function ClassificationChip({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  const color = classificationColor(value);
  return <Chip size="small" label={classificationShort(value)} color={color} variant={color === 'default' ? 'outlined' : 'filled'} />;
}

/** A promise to pay: its date, and a red "Broken" chip once the date passed with no payment. */
export function PromiseText({ promiseToPayOn, promiseBroken }: { promiseToPayOn?: string | null; promiseBroken?: boolean | null }) {
  const shown = promiseDisplay(promiseToPayOn, promiseBroken);
  if (shown.kind === 'none') return <span>—</span>;
  if (shown.broken) return <Chip size="small" color="error" label={shown.text} data-testid="promise-broken" />;
  return <span>{shown.text}</span>;
}

export function BorrowerColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  if (!row) return null;
  return (
    <span>
      {row.borrower?.name ?? '—'}
      {row.borrower?.phone ? (
        <>
          <br />
          <small style={{ color: '#595959' }}>{formatPhone(row.borrower.phone)}</small>
        </>
      ) : null}
    </span>
  );
}

export function LoanColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  if (!row) return null;
  return (
    <span title={row.loanId} style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      {shortId(row.loanId)}
      {row.instalmentNumber ? ` · #${row.instalmentNumber}` : ''}
    </span>
  );
}

export function DueDateColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  return <span style={NOWRAP}>{formatDate(row?.dueDate)}</span>;
}

export function AmountDueColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  if (!row) return null;
  return <span style={NOWRAP}>{money(row.kind === 'payment' ? row.amount : row.amountDue)}</span>;
}

export function AmountPaidColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  return <span style={NOWRAP}>{money(row?.amountPaid)}</span>;
}

export function DpdColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  return <span style={NOWRAP}>{dpdLabel(row?.dpd)}</span>;
}

export function ClassificationColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  return <ClassificationChip value={row?.classification} />;
}

export function CollectorColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  const nameOf = useCollectorName();
  return <span>{row?.assignedToName ?? nameOf(row?.assignedTo)}</span>;
}

export function PromiseColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  return <PromiseText promiseToPayOn={row?.promiseToPayOn} promiseBroken={row?.promiseBroken} />;
}

export function ReminderColumn(_: ColumnProps) {
  const row = useRecordContext<CollectionRow>();
  return <span style={NOWRAP}>{formatDateTime(row?.lastReminderAt)}</span>;
}
