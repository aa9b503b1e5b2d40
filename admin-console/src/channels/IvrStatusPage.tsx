import { Box, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title } from 'react-admin';
import { Link } from '@mui/material';
import { channelsApi } from './api';
import { formatDate, formatDateTime } from '@lending/web-common/format';
import { formatPhone } from '@lending/web-common/phone';

export const IVR_OUTCOMES = [
  { id: 'answered', name: 'Answered' },
  { id: 'no-answer', name: 'No answer' },
  { id: 'promised-to-pay', name: 'Promise to pay' },
  { id: 'wrong-number', name: 'Wrong number' },
] as const;

const outcomeName = (id: string | null) => IVR_OUTCOMES.find((o) => o.id === id)?.name ?? '—';

/** /Admin/IvrStatus: the IVR calls and their outcomes, filterable by outcome and status, each linked to its loan. */
export function IvrStatusPage() {
  const [outcome, setOutcome] = useState('');
  const [status, setStatus] = useState('');
  const filter = { ...(outcome ? { outcome } : {}), ...(status ? { status } : {}) };
  const calls = useQuery({ queryKey: ['ivr-calls', filter], queryFn: () => channelsApi.ivrCalls(filter), refetchInterval: 5000 });
  return (
    <Box sx={{ py: 2 }}>
      <Title title="IVR status" />
      <Typography variant="h5" component="h1" gutterBottom>
        IVR status
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <TextField
          select
          label="Outcome"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value)}
          sx={{ width: 220 }}
          fullWidth={false}
        >
          <MenuItem value="">Any outcome</MenuItem>
          {IVR_OUTCOMES.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Status" value={status} onChange={(e) => setStatus(e.target.value)} sx={{ width: 220 }} fullWidth={false}>
          <MenuItem value="">Any status</MenuItem>
          <MenuItem value="requested">Requested</MenuItem>
          <MenuItem value="completed">Completed</MenuItem>
        </TextField>
      </Stack>
      <Paper sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="IVR calls">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Borrower</TableCell>
              <TableCell>Phone</TableCell>
              <TableCell>Loan</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Outcome</TableCell>
              <TableCell>Duration</TableCell>
              <TableCell>Contact log</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {calls.data?.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8}>No calls.</TableCell>
              </TableRow>
            ) : null}
            {calls.data?.map((c) => (
              <TableRow key={c.id}>
                <TableCell>{formatDateTime(c.endedAt ?? c.createdAt)}</TableCell>
                <TableCell>{c.borrowerName ?? '—'}</TableCell>
                <TableCell>{formatPhone(c.phone)}</TableCell>
                <TableCell>
                  {c.loanId ? (
                    <Link component={RouterLink} to={`/Collections/${encodeURIComponent(`loan:${c.loanId}`)}`}>
                      {c.loanId.slice(0, 8)}
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>{c.status === 'requested' ? 'Requested' : 'Completed'}</TableCell>
                <TableCell>
                  {outcomeName(c.outcome)}
                  {c.promiseToPayOn ? ` (${formatDate(c.promiseToPayOn)})` : ''}
                </TableCell>
                <TableCell>{c.durationSeconds !== null ? `${c.durationSeconds} s` : '—'}</TableCell>
                <TableCell>{c.contactLogged ? 'Logged' : (c.contactError ?? 'Waiting')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
