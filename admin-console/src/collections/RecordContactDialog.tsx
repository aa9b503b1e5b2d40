import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { HttpError, useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { BUCKET_COUNTS_KEY } from './useCollections';
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  PROMISED_TO_PAY,
  contactBody,
  fieldErrors,
  validateContact,
  type ContactDraft,
} from './contacts';

export const contactsKey = (loanId: string) => ['collection-contacts', loanId] as const;

type Props = { loanId: string; borrowerName: string; today?: string; onClose(): void; onDone(): void };

/** "Record contact": channel, outcome, a note, and the date promised when the borrower promised to pay. */
export function RecordContactDialog({ loanId, borrowerName, today, onClose, onDone }: Props) {
  const id = useId();
  const dataProvider = useDataProvider<LendingDataProvider>();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ContactDraft>({ channel: 'call', outcome: '', note: '', promiseToPayOn: '' });
  const [touched, setTouched] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; message: string | null }>({ fields: {}, message: null });
  const [busy, setBusy] = useState(false);
  const local = touched ? validateContact(draft, today) : {};
  const errorOf = (name: keyof ContactDraft) => local[name] ?? server.fields[name];
  const set = (name: keyof ContactDraft) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [name]: e.target.value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateContact(draft, today)).length > 0) return;
    setBusy(true);
    setServer({ fields: {}, message: null });
    try {
      await dataProvider.recordContact(loanId, contactBody(draft));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactsKey(loanId) }),
        queryClient.invalidateQueries({ queryKey: ['Collections'] }),
        queryClient.invalidateQueries({ queryKey: BUCKET_COUNTS_KEY }),
      ]);
      onDone();
    } catch (e) {
      const fields = e instanceof HttpError ? fieldErrors(e.body) : {};
      setServer({ fields, message: (e as Error).message || 'The contact could not be recorded.' });
    } finally {
      setBusy(false);
    }
  };

  const promise = draft.outcome === PROMISED_TO_PAY;
  const choiceField = (name: 'channel' | 'outcome', label: string, choices: readonly { id: string; name: string }[]) => (
    <TextField
      select
      fullWidth
      required
      margin="dense"
      label={label}
      name={name}
      value={draft[name]}
      onChange={set(name)}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name)}
    >
      {choices.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>Record contact with {borrowerName}</DialogTitle>
        <DialogContent>
          {choiceField('channel', 'Channel', CONTACT_CHANNELS)}
          {choiceField('outcome', 'Outcome', CONTACT_OUTCOMES)}
          {promise ? (
            <TextField
              fullWidth
              required
              margin="dense"
              type="date"
              label="Promised to pay on"
              name="promiseToPayOn"
              value={draft.promiseToPayOn}
              onChange={set('promiseToPayOn')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: today ? { min: today } : undefined }}
              error={Boolean(errorOf('promiseToPayOn'))}
              helperText={errorOf('promiseToPayOn')}
            />
          ) : null}
          <TextField
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label="Note"
            name="note"
            value={draft.note}
            onChange={set('note')}
            error={Boolean(errorOf('note'))}
            helperText={errorOf('note')}
          />
          {server.message ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {server.message}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : 'Record contact'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
