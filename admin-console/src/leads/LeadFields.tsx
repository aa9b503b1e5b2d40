import { Chip, Tooltip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { STATUS_LABELS, type LeadStatus } from './leadStatus';

const COLORS: Record<LeadStatus, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  new: 'default',
  contacted: 'info',
  interested: 'warning',
  converted: 'success',
  lost: 'error',
};

export function LeadStatusChip({ status }: { status: LeadStatus }) {
  return (
    <Chip
      size="small"
      color={COLORS[status]}
      variant={status === 'new' ? 'outlined' : 'filled'}
      label={STATUS_LABELS[status]}
      data-testid={`lead-status-${status}`}
    />
  );
}

/** The status of the row's lead as a chip. */
export function StatusChipField(_: { label?: string }) {
  const lead = useRecordContext<{ status: LeadStatus }>();
  return lead ? <LeadStatusChip status={lead.status} /> : null;
}

/** "Possible duplicate" when another lead has the same phone or email. */
export function DuplicateMarker(_: { label?: string }) {
  const lead = useRecordContext<{ duplicates: string[] }>();
  if (!lead?.duplicates?.length) return null;
  const n = lead.duplicates.length;
  return (
    <Tooltip title={`${n} other lead${n === 1 ? '' : 's'} with the same phone or email`}>
      <Chip size="small" variant="outlined" color="warning" label={`Duplicate ×${n}`} data-testid="lead-duplicate" />
    </Tooltip>
  );
}
