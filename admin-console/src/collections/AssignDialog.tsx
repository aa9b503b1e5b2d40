import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { BUCKET_COUNTS_KEY, useCollectors } from './useCollections';

type Props = {
  loanIds: string[];
  /** What is being assigned, e.g. "3 loans (4 selected rows)" or the borrower's name. */
  subject: string;
  currentStaffId?: string | null;
  onClose(): void;
  /** The collector's name, or null when the loans were un-assigned. */
  onDone(collectorName: string | null): void;
};

/** The choice that takes the loans off their collector (the API's `staffId: null`). */
const UNASSIGN = 'unassign';

/**
 * Picks a collector (or "No collector" to un-assign) and confirms: the button says exactly what happens ("Assign 3
 * loans to Asha Rao", "Un-assign 3 loans"), so the dialog is its own confirmation. A refusal keeps the dialog open with the server's sentence; nothing was assigned
 * (the bulk command is all-or-nothing).
 */
export function AssignDialog({ loanIds, subject, currentStaffId, onClose, onDone }: Props) {
  const id = useId();
  const dataProvider = useDataProvider<LendingDataProvider>();
  const queryClient = useQueryClient();
  const collectors = useCollectors();
  const [staffId, setStaffId] = useState(currentStaffId ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unassign = staffId === UNASSIGN;
  const chosen = collectors.data?.find((c) => c.id === staffId);
  const count = `${loanIds.length} loan${loanIds.length === 1 ? '' : 's'}`;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen && !unassign) {
      setError('Choose the collector to assign to.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await dataProvider.assignLoans(loanIds, unassign ? null : chosen!.id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['Collections'] }),
        queryClient.invalidateQueries({ queryKey: BUCKET_COUNTS_KEY }),
      ]);
      onDone(unassign ? null : chosen!.name);
    } catch (e) {
      setError((e as Error).message || 'The assignment was refused.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>Assign to a collector</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            <strong>{subject}</strong>
          </DialogContentText>
          <TextField
            select
            fullWidth
            required
            margin="dense"
            label="Collector"
            value={staffId}
            onChange={(e) => setStaffId(e.target.value)}
            disabled={collectors.isPending}
            helperText={
              collectors.isPending
                ? 'Loading collectors…'
                : collectors.error
                  ? collectors.error.message
                  : collectors.data?.length === 0
                    ? 'No staff member can be assigned collections.'
                    : undefined
            }
          >
            {currentStaffId !== null ? <MenuItem value={UNASSIGN}>No collector (un-assign)</MenuItem> : null}
            {(collectors.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={unassign ? 'warning' : 'primary'} disabled={busy || (!chosen && !unassign)}>
            {busy
              ? unassign
                ? 'Un-assigning…'
                : 'Assigning…'
              : unassign
                ? `Un-assign ${count}`
                : chosen
                  ? `Assign ${count} to ${chosen.name}`
                  : `Assign ${count}`}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
