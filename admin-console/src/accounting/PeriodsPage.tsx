import {
  Alert,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, Title, useGetIdentity, useNotify } from 'react-admin';
import { formatDate, formatDateTime } from '@lending/web-common/format';
import { useAccess } from '../permissions/useAccess';
import { accountingApi } from './api';
import { DecisionButtons } from './DecisionButtons';

/**
 * /Admin/Periods: what is closed, the close waiting for a second person, and the requests made (docs/accounting.md
 * "Periods"). Closing a month closes every date up to its end; entries dated there are refused, loan events posted on
 * the first open day.
 */
export function PeriodsPage() {
  const canClose = useAccess('close', 'PeriodCloses');
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState('');
  const periods = useQuery({ queryKey: ['accounting', 'periods'], queryFn: accountingApi.periods });
  const closes = useQuery({ queryKey: ['accounting', 'period-closes'], queryFn: accountingApi.periodCloses });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      notify('Done', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['accounting'] });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (periods.isPending || closes.isPending) return <Loading />;
  if (periods.error || closes.error) return <Alert severity="error">{(periods.error ?? closes.error)!.message}</Alert>;
  const pending = periods.data.pending;
  return (
    <Card>
      <Title title="Periods" />
      <CardContent>
        <Typography variant="h6" component="h2">
          {periods.data.closedThrough ? `Closed through ${formatDate(periods.data.closedThrough)}` : 'No period is closed'}
        </Typography>
        {pending ? (
          <Alert severity="warning" sx={{ my: 2 }} data-testid="pending-close">
            A close through {formatDate(pending.through)} waits for a second person.
            {canClose && identity?.id !== undefined && String(identity.id) !== pending.by ? (
              <Stack sx={{ mt: 1 }}>
                <DecisionButtons
                  of="close"
                  approved="Period closed"
                  rejected="Close request rejected"
                  decide={(decision, reason) => accountingApi.decideClose(pending.requestId, decision, reason)}
                />
              </Stack>
            ) : null}
          </Alert>
        ) : canClose ? (
          <Stack direction="row" spacing={1} sx={{ my: 2 }} alignItems="center">
            <TextField
              size="small"
              type="month"
              label="Month to close"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="contained"
              disabled={!/^\d{4}-\d{2}$/.test(month)}
              onClick={() => act.mutate(() => accountingApi.requestClose(month))}
            >
              Ask to close
            </Button>
          </Stack>
        ) : null}
        <Table size="small" aria-label="Close requests">
          <TableHead>
            <TableRow>
              <TableCell>Through</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Asked</TableCell>
              <TableCell>Decided</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {closes.data.map((c) => (
              <TableRow key={c.id}>
                <TableCell>{formatDate(c.through)}</TableCell>
                <TableCell>{c.status === 'rejected' && c.reason ? `rejected: ${c.reason}` : c.status}</TableCell>
                <TableCell>{formatDateTime(c.requestedAt)}</TableCell>
                <TableCell>{c.decidedAt ? formatDateTime(c.decidedAt) : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
