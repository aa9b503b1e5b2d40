import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { CloseOfBusinessRun } from '@lending/web-common/api';
import { formatDate, formatDateTime } from '@lending/web-common/format';
import type { LendingDataProvider } from '../providers/dataProvider';
import { closedThrough, runProgress, runSummary } from './close-of-business';

export const COB_RUNS_KEY = ['close-of-business-runs'];
/** How often a running run is asked for its progress. */
const FOLLOW_MS = 1000;

/**
 * Close of business from the console (manual mode, cob.run): closes every day through the one before the business
 * date. While it runs the card shows its progress; after, what it did. A second run for the same date records nothing.
 */
export function CloseOfBusinessCard({ businessDate }: { businessDate: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data: runs } = useQuery({
    queryKey: COB_RUNS_KEY,
    queryFn: () => dataProvider.closeOfBusinessRuns(),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'running') ? FOLLOW_MS : false),
  });
  const latest = runs?.[0];
  const running = latest?.status === 'running';
  const through = closedThrough(businessDate);

  const start = async () => {
    setConfirming(false);
    setError(null);
    try {
      const run = await dataProvider.startCloseOfBusiness();
      queryClient.setQueryData<CloseOfBusinessRun[]>(COB_RUNS_KEY, (old) => [run, ...(old ?? []).filter((r) => r.id !== run.id)]);
      await queryClient.invalidateQueries({ queryKey: COB_RUNS_KEY });
    } catch (e) {
      setError((e as Error).message);
      await queryClient.invalidateQueries({ queryKey: COB_RUNS_KEY });
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="close-of-business">
      <CardHeader title="Close of business" slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Closes every day up to and including <strong>{formatDate(through)}</strong>, the day before the business date: instalments fall
          due and go overdue, penal charges are applied, loans are classified by days past due (SMA-0, SMA-1, SMA-2, NPA) and reminders are
          queued. Days already closed are not closed again: a second run for the same date records nothing.
        </Typography>
        <Button variant="contained" onClick={() => setConfirming(true)} disabled={running}>
          Run close of business
        </Button>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
        {latest ? <RunReport run={latest} /> : null}
        {runs && runs.length > 1 ? <EarlierRuns runs={runs.slice(1)} /> : null}
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cob-confirm-title">
        <DialogTitle id="cob-confirm-title">Run close of business?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Close every day up to {formatDate(through)} for every active loan? What it records (overdue instalments, penal charges,
            classifications, reminders) is recorded with your name and cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void start()}>
            Close through {formatDate(through)}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

function RunReport({ run }: { run: CloseOfBusinessRun }) {
  const progress = runProgress(run);
  return (
    <Box sx={{ mt: 2 }} data-testid="cob-run" aria-live="polite">
      {run.status === 'running' ? (
        <>
          <Typography variant="body2">
            Closing through {formatDate(run.date)}: {run.loansVisited} of {run.loansToVisit} loans…
          </Typography>
          <LinearProgress variant="determinate" value={progress} aria-label="Close of business progress" sx={{ mt: 1 }} />
        </>
      ) : (
        <Alert severity={run.status === 'completed' ? 'success' : 'error'}>
          {run.status === 'completed'
            ? `Closed through ${formatDate(run.date)}. Finished ${formatDateTime(run.finishedAt)}.`
            : `The run for ${formatDate(run.date)} stopped: ${run.failure ?? 'no reason recorded'}`}
        </Alert>
      )}
      <Table size="small" aria-label="What the run did" sx={{ mt: 1, maxWidth: 480 }}>
        <TableBody>
          {runSummary(run).map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell align="right">{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function EarlierRuns({ runs }: { runs: CloseOfBusinessRun[] }) {
  return (
    <Box sx={{ mt: 3, overflowX: 'auto' }}>
      <Typography variant="subtitle2" component="h3">
        Earlier runs
      </Typography>
      <Table size="small" aria-label="Earlier close of business runs">
        <TableHead>
          <TableRow>
            <TableCell>Closed through</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Loans aged</TableCell>
            <TableCell align="right">Events</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={run.id}>
              <TableCell>{formatDate(run.date)}</TableCell>
              <TableCell>{formatDateTime(run.startedAt)}</TableCell>
              <TableCell>{run.status}</TableCell>
              <TableCell align="right">{run.loansAged}</TableCell>
              <TableCell align="right">{run.eventsAppended}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
