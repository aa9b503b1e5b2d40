import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { SECTION_LABELS, verdictBody, verdictProblems, type VerdictDraft } from './review';
import type { CustomerSection } from '@lending/web-common/api';

/** Confirms a verdict on a section; a rejection asks what the borrower must fix (they read it on their profile). */
export function SectionVerdictDialog({
  customerId,
  section,
  status,
  onClose,
  onDone,
}: {
  customerId: string;
  section: CustomerSection['section'];
  status: VerdictDraft['status'] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!status) return null;
  const draft: VerdictDraft = { status, reason };
  const problems = verdictProblems(draft);
  const reasonProblem = serverError ?? (touched ? problems.reason : undefined);
  const label = SECTION_LABELS[section];
  const close = () => {
    setReason('');
    setTouched(false);
    setServerError(null);
    onClose();
  };

  const submit = async () => {
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      await dataProvider.reviewSection(customerId, section, verdictBody(draft));
      notify(`${label} ${status === 'verified' ? 'verified' : 'rejected'}`, { type: 'success' });
      close();
      onDone();
    } catch (error) {
      const errors = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      if (errors?.reason) setServerError(errors.reason);
      notify(error instanceof Error ? error.message : 'The verdict could not be saved', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={close} aria-labelledby="section-verdict-title" fullWidth maxWidth="xs">
      <DialogTitle id="section-verdict-title">{status === 'verified' ? `Verify ${label}?` : `Reject ${label}?`}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          {status === 'verified'
            ? 'You confirm that you checked this section against its documents. Your name and the time are recorded.'
            : 'The borrower sees this section as needing attention, with your reason, until they save it again.'}
        </DialogContentText>
        <TextField
          label={status === 'rejected' ? 'Reason (required)' : 'Note (optional)'}
          value={reason}
          onChange={(e) => {
            setServerError(null);
            setReason(e.target.value);
          }}
          error={!!reasonProblem}
          helperText={reasonProblem}
          required={status === 'rejected'}
          multiline
          minRows={2}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" color={status === 'rejected' ? 'error' : 'primary'} onClick={submit} disabled={saving}>
          {status === 'verified' ? 'Verify' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
