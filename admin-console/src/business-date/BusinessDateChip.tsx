import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { useAccess } from '../permissions/useAccess';
import { formatDate } from '@lending/web-common/format';
import type { LendingDataProvider } from '../providers/dataProvider';
import { BUSINESS_DATE_QUERY_KEY, useBusinessDate } from './useBusinessDate';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The business date in the app bar: what disbursals without a date (and later payments and quotes) run on. In manual
 * mode, staff with business-date.manage change it here, after confirming the move.
 */
export function BusinessDateChip() {
  const { data } = useBusinessDate();
  const canAccess = useAccess('edit', 'business-date');
  const [open, setOpen] = useState(false);
  if (!data) return null;
  const manual = data.mode === 'manual';
  const text = `Business date ${formatDate(data.date)}${manual ? ' (manual)' : ''}`;
  if (!manual || !canAccess) {
    // The business date page says why it cannot be moved here, and how to switch.
    return (
      <Box
        component={Link}
        to="/BusinessDate"
        data-testid="business-date"
        title={manual ? 'Set by staff (manual mode)' : `Today in ${data.timeZone}: why it cannot be moved`}
        sx={{ mr: 2, fontSize: 14, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' }, color: 'inherit' }}
      >
        {text}
      </Box>
    );
  }
  return (
    <>
      <Button
        color="inherit"
        size="small"
        data-testid="business-date"
        aria-label={`${text}, change`}
        onClick={() => setOpen(true)}
        sx={{ mr: 1, textTransform: 'none', whiteSpace: 'nowrap' }}
      >
        {text}
      </Button>
      {open ? <ChangeBusinessDateDialog current={data.date} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function ChangeBusinessDateDialog({ current, onClose }: { current: string; onClose(): void }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [date, setDate] = useState(current);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = ISO_DATE.test(date) && date !== current;

  const save = async () => {
    setBusy(true);
    try {
      await dataProvider.setBusinessDate(date);
      await queryClient.invalidateQueries({ queryKey: BUSINESS_DATE_QUERY_KEY });
      notify(`The business date is now ${formatDate(date)}.`, { type: 'success' });
      onClose();
    } catch (e) {
      setError((e as Error).message);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="business-date-title" fullWidth maxWidth="xs">
      <DialogTitle id="business-date-title">{confirming ? 'Move the business date?' : 'Change the business date'}</DialogTitle>
      <DialogContent>
        {confirming ? (
          <DialogContentText>
            Move the business date from {formatDate(current)} to {formatDate(date)}? Every staff member works on the new date at once:
            disbursals without a date are paid out on it. The change is recorded with your name.
          </DialogContentText>
        ) : (
          <TextField
            autoFocus
            margin="dense"
            type="date"
            label="New business date"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? 'Manual mode: for training, testing and catch-up.'}
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : onClose} disabled={busy}>
          {confirming ? 'Back' : 'Cancel'}
        </Button>
        {confirming ? (
          <Button variant="contained" onClick={() => void save()} disabled={busy}>
            Move to {formatDate(date)}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={!valid}>
            Continue
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
