import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Show, useDataProvider, useRecordContext } from 'react-admin';
import { saveBlob } from '@lending/web-common/download';
import { formatDateTime } from '@lending/web-common/format';
import type { BureauRun } from '@lending/web-common/api';
import { loanPath } from '../loans/queues';
import type { LendingDataProvider } from '../providers/dataProvider';
import { ADMIN_API } from '../providers/dataProvider';
import { fetchBlob } from '../providers/http';
import { problemsText } from './bureau';

function Downloads({ run }: { run: BureauRun }) {
  const [error, setError] = useState<string | null>(null);
  const download = async (path: string, fallback: string) => {
    setError(null);
    try {
      const { blob, filename } = await fetchBlob(`${ADMIN_API}/bureau-runs/${encodeURIComponent(run.id)}/${path}`);
      saveBlob(blob, filename ?? fallback);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 2 }}>
      <Button variant="contained" onClick={() => void download('file', run.fileName)}>
        Download file
      </Button>
      <Button variant="outlined" onClick={() => void download('report?format=csv', `tudf-${run.month}-not-reported.csv`)}>
        Download report (CSV)
      </Button>
      {error ? <Alert severity="error">{error}</Alert> : null}
    </Box>
  );
}

function ValidationReport({ run }: { run: BureauRun }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const report = useQuery({ queryKey: ['BureauRuns', run.id, 'report'], queryFn: () => dataProvider.bureauReport(run.id) });
  if (report.isPending) return <CircularProgress aria-label="Loading the validation report" />;
  if (report.error) return <Alert severity="error">{(report.error as Error).message}</Alert>;
  if (report.data.rejected.length === 0) return <Alert severity="success">Every loan the month reports is in the file.</Alert>;
  return (
    <Table size="small" aria-label="Records not reported">
      <TableHead>
        <TableRow>
          <TableCell>Borrower</TableCell>
          <TableCell>Loan</TableCell>
          <TableCell>What to fix</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.data.rejected.map((record) => (
          <TableRow key={record.loanId}>
            <TableCell>
              <Link component={RouterLink} to={`/Customers/${record.borrowerId}`}>
                {record.borrowerName || record.borrowerId}
              </Link>
            </TableCell>
            <TableCell>
              <Link component={RouterLink} to={loanPath({ id: record.loanId, type: record.loanType, state: 'active' })}>
                {record.loanId.slice(0, 8).toUpperCase()}
              </Link>
            </TableCell>
            <TableCell>{problemsText(record.problems)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function BureauRunDetail() {
  const run = useRecordContext<BureauRun>();
  if (!run) return null;
  const rows: [string, string | number][] = [
    ['Month', run.month],
    ['As of', run.asOf],
    ['Loans the month reports', run.loansConsidered],
    ['Records in the file', run.recordsReported],
    ['Left out (to fix)', run.recordsRejected],
    ['Generated', `${formatDateTime(run.generatedAt)} by ${run.generatedBy.name ?? run.generatedBy.id}`],
    ['SHA-256', run.fileSha256],
  ];
  return (
    <Box sx={{ p: 2 }} data-testid="bureau-run">
      <Card variant="outlined">
        <CardContent>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt">{label}</Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, wordBreak: 'break-all' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
      <Downloads run={run} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Records not reported
      </Typography>
      <ValidationReport run={run} />
    </Box>
  );
}

/** /Admin/BureauRuns/{id}: one month's file, its counts, the downloads, and the records left out with what to fix. */
export function BureauRunShow() {
  return (
    <Show title="Bureau file">
      <BureauRunDetail />
    </Show>
  );
}
