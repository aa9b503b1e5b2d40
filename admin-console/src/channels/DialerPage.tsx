import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import type { DialerCall, DialerOutcomeBody } from '@lending/web-common/api';
import { money } from '../collections/CollectionFields';
import { channelsApi } from './api';
import { DIALER_OUTCOMES, validateOutcome } from './dialer-outcomes';
import { formatDateTime } from '@lending/web-common/format';
import { formatPhone } from '@lending/web-common/phone';

/** /Admin/Dialer: the overdue book as a call list, click-to-call inside 08:00–19:00, each call's outcome to the contact log. */
export function DialerPage() {
  const notify = useNotify();
  const queue = useQuery({ queryKey: ['dialer', 'queue'], queryFn: channelsApi.dialerQueue, refetchInterval: 30_000 });
  const [call, setCall] = useState<(DialerCall & { borrowerName: string | null }) | null>(null);
  const window = queue.data?.window;
  const dial = async (loanId: string, borrowerName: string | null) => {
    try {
      setCall({ ...(await channelsApi.call(loanId)), borrowerName });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Dialer" />
      <Typography variant="h5" component="h1" gutterBottom>
        Dialer
      </Typography>
      {window ? (
        <Alert severity={window.open ? 'success' : 'warning'} sx={{ mb: 2 }} data-testid="dialer-window">
          {window.open ? `Calls are open until ${window.closes} (business time now ${window.localTime}).` : window.reason}
        </Alert>
      ) : null}
      <Paper sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Overdue loans to call">
          <TableHead>
            <TableRow>
              <TableCell>Borrower</TableCell>
              <TableCell>Phone</TableCell>
              <TableCell align="right">Days past due</TableCell>
              <TableCell align="right">Overdue</TableCell>
              <TableCell>Class</TableCell>
              <TableCell>Last contact</TableCell>
              <TableCell>Call</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {queue.data?.loans.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>Nothing is overdue.</TableCell>
              </TableRow>
            ) : null}
            {queue.data?.loans.map((l) => {
              const disabledReason = !window?.open ? (window?.reason ?? 'Outside the contact window') : !l.phone ? 'No phone number' : null;
              return (
                <TableRow key={l.loanId}>
                  <TableCell>{l.borrowerName ?? '—'}</TableCell>
                  <TableCell>{formatPhone(l.phone)}</TableCell>
                  <TableCell align="right">{l.dpd}</TableCell>
                  <TableCell align="right">{money(l.amountOverdue)}</TableCell>
                  <TableCell>{l.classification}</TableCell>
                  <TableCell>{formatDateTime(l.lastContactAt)}</TableCell>
                  <TableCell>
                    <Tooltip title={disabledReason ?? ''}>
                      <span>
                        <Button
                          size="small"
                          variant="contained"
                          startIcon={<PhoneInTalkIcon />}
                          disabled={disabledReason !== null}
                          onClick={() => dial(l.loanId, l.borrowerName)}
                          aria-label={`Call ${l.borrowerName ?? (l.phone ? formatPhone(l.phone) : 'borrower')}`}
                        >
                          Call
                        </Button>
                      </span>
                    </Tooltip>
                    {disabledReason ? (
                      <Typography variant="caption" component="p" sx={{ maxWidth: 220 }}>
                        {disabledReason}
                      </Typography>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      {call ? <OutcomeDialog call={call} onClose={() => setCall(null)} /> : null}
    </Box>
  );
}

function OutcomeDialog({ call, onClose }: { call: DialerCall & { borrowerName: string | null }; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({ outcome: '', note: '', promiseToPayOn: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const found = validateOutcome(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      outcome: draft.outcome,
      note: draft.note,
      ...(draft.outcome === 'promised-to-pay' ? { promiseToPayOn: draft.promiseToPayOn } : {}),
    } as DialerOutcomeBody;
    try {
      await channelsApi.outcome(call.id, body);
      notify('Outcome recorded in the contact log', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['dialer'] });
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={() => undefined} fullWidth maxWidth="sm" aria-labelledby="dialer-outcome-title">
      <DialogTitle id="dialer-outcome-title">Calling {call.borrowerName ?? formatPhone(call.phone)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography>
            Your phone rings first, then the borrower's ({formatPhone(call.phone)}). When the call ends, record how it went.
          </Typography>
          <TextField
            select
            label="Outcome"
            value={draft.outcome}
            onChange={(e) => setDraft({ ...draft, outcome: e.target.value })}
            error={Boolean(errors.outcome)}
            helperText={errors.outcome}
          >
            {DIALER_OUTCOMES.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
          {draft.outcome === 'promised-to-pay' ? (
            <TextField
              type="date"
              label="Promised on"
              value={draft.promiseToPayOn}
              onChange={(e) => setDraft({ ...draft, promiseToPayOn: e.target.value })}
              error={Boolean(errors.promiseToPayOn)}
              helperText={errors.promiseToPayOn}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ) : null}
          <TextField
            label="Note"
            multiline
            minRows={2}
            value={draft.note}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            error={Boolean(errors.note)}
            helperText={errors.note}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={save}>
          Record outcome
        </Button>
      </DialogActions>
    </Dialog>
  );
}
