import { Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useListContext, useNotify, useUnselectAll } from 'react-admin';
import { ActionDialog } from './ActionDialog';
import { DEFAULT_CURRENCY } from './labels';
import { ACTIONS } from './actions';
import { useLoanAction } from './useLoanAction';

type BulkAction = 'accept' | 'issue-agreement' | 'approve-final' | 'reject';

/** Takes one action on every selected loan, one command each; reports how many went through and why others did not. */
export function BulkLoanActionButton({ action }: { action: BulkAction }) {
  const { selectedIds, resource } = useListContext();
  const { canAccess } = useCanAccess({ action, resource: 'loans' });
  const unselectAll = useUnselectAll(resource ?? 'loans');
  const notify = useNotify();
  const mutation = useLoanAction({ quiet: true });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const spec = ACTIONS[action];
  if (!canAccess) return null;

  const run = async (values: Record<string, string>) => {
    setBusy(true);
    setError(null);
    const failures: string[] = [];
    for (const id of selectedIds) {
      try {
        await mutation.mutateAsync({
          id: String(id),
          action,
          body: spec.body(values, DEFAULT_CURRENCY),
          idempotencyKey: crypto.randomUUID(),
        });
      } catch (e) {
        failures.push(`${String(id).slice(0, 8)}: ${(e as Error).message}`);
      }
    }
    setBusy(false);
    const done = selectedIds.length - failures.length;
    if (failures.length === 0) {
      setOpen(false);
      unselectAll();
      notify(`${spec.label}: ${done} loan${done === 1 ? '' : 's'} done.`, { type: 'success' });
    } else {
      setError(`${done} done, ${failures.length} refused. ${failures.join(' · ')}`);
    }
  };

  return (
    <>
      <Button
        size="small"
        color={spec.color}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {spec.label}
      </Button>
      {open ? (
        <ActionDialog
          spec={spec}
          open
          subject={`${selectedIds.length} selected loan${selectedIds.length === 1 ? '' : 's'}`}
          busy={busy}
          error={error}
          onCancel={() => setOpen(false)}
          onConfirm={run}
        />
      ) : null}
    </>
  );
}
