import RefreshIcon from '@mui/icons-material/Refresh';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useState } from 'react';
import type { LendingDataProvider } from '../providers/dataProvider';
import type { StaffUser } from '@lending/web-common/api';

/** Marks the user's device `devicereload`: their open pages fetch a fresh token and reload (spec §4). */
export function ReloadDeviceButton() {
  const user = useRecordContext<StaffUser>();
  const { canAccess } = useCanAccess({ action: 'reload-device', resource: 'Users' });
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: (id: string) => dataProvider.reloadDevice(id),
    onSuccess: () => {
      notify(`${user?.name}'s open pages will reload with a fresh token.`, { type: 'success' });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!user || !canAccess) return null;
  return (
    <>
      <Button size="small" startIcon={<RefreshIcon />} onClick={() => setOpen(true)} disabled={mutation.isPending}>
        Reload device
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`Reload ${user.name}'s device?`}
        content="Their open console pages fetch a fresh token and reload. Unsaved input on those pages is lost."
        onConfirm={() => mutation.mutate(String(user.id))}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
