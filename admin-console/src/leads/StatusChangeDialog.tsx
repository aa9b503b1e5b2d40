import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { HttpError, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { BorrowerPicker } from './BorrowerPicker';
import { NEXT_STATUSES, STATUS_LABELS, statusBody, statusDraftProblems, type LeadStatus, type StatusDraft } from './leadStatus';

/** Moves a lead: only the moves the funnel allows are offered; lost asks a reason, converted may name the borrower. */
export function StatusChangeDialog({
  resource,
  id,
  status,
  open,
  onClose,
}: {
  resource: string;
  id: string;
  status: LeadStatus;
  open: boolean;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [draft, setDraft] = useState<StatusDraft>({ status: '', reason: '', borrowerId: '' });
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const problems = { ...statusDraftProblems(draft), ...serverErrors };
  const shown = touched ? problems : {};

  const submit = async () => {
    setTouched(true);
    if (Object.keys(statusDraftProblems(draft)).length > 0) return;
    setSaving(true);
    try {
      await dataProvider.moveLead(resource, id, statusBody(draft));
      notify(`Lead moved to ${STATUS_LABELS[draft.status as LeadStatus]}`, { type: 'success' });
      setDraft({ status: '', reason: '', borrowerId: '' });
      setTouched(false);
      onClose();
      refresh();
    } catch (error) {
      const errors = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      if (errors) setServerErrors(errors);
      notify(error instanceof Error ? error.message : 'The status could not be changed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const set = (patch: Partial<StatusDraft>) => {
    setServerErrors({});
    setDraft((d) => ({ ...d, ...patch }));
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="lead-status-title" fullWidth maxWidth="xs">
      <DialogTitle id="lead-status-title">Change status</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label="New status"
          value={draft.status}
          onChange={(e) => set({ status: e.target.value as LeadStatus })}
          error={!!shown.status}
          helperText={shown.status ?? `Now ${STATUS_LABELS[status]}`}
        >
          {NEXT_STATUSES[status].map((s) => (
            <MenuItem key={s} value={s}>
              {STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={draft.status === 'lost' ? 'Reason (required)' : 'Reason'}
          value={draft.reason}
          onChange={(e) => set({ reason: e.target.value })}
          error={!!shown.reason}
          helperText={shown.reason}
          required={draft.status === 'lost'}
        />
        {draft.status === 'converted' ? (
          <BorrowerPicker
            value={draft.borrowerId}
            onChange={(borrowerId) => set({ borrowerId })}
            error={!!shown.borrowerId}
            helperText={shown.borrowerId ?? 'The borrower this lead became; empty: the borrower with its phone or email'}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={saving}>
          Save status
        </Button>
      </DialogActions>
    </Dialog>
  );
}
