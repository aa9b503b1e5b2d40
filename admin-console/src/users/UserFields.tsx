import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime } from '@lending/web-common/format';
import type { StaffUser } from '@lending/web-common/api';

/** The presence flag: green while the user has the console open somewhere. */
export function OnlineField(_: { label?: string; sortable?: boolean }) {
  const user = useRecordContext<StaffUser>();
  if (!user) return null;
  return (
    <Chip
      size="small"
      label={user.online ? 'online' : 'offline'}
      color={user.online ? 'success' : 'default'}
      variant={user.online ? 'filled' : 'outlined'}
    />
  );
}

export function StatusField(_: { label?: string; sortable?: boolean }) {
  const user = useRecordContext<StaffUser>();
  if (!user) return null;
  return <Chip size="small" label={user.status} color={user.status === 'active' ? 'primary' : 'default'} variant="outlined" />;
}

export function LastSeenField(_: { label?: string; sortBy?: string }) {
  const user = useRecordContext<StaffUser>();
  return <span>{user?.online ? 'now' : formatDateTime(user?.lastSeenAt)}</span>;
}
