import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading } from 'react-admin';
import { formatMoney } from '@lending/web-common/format';
import { accountingApi, entrySource } from './api';
import { JournalLines } from './JournalLines';

/** The loan page's Journal: the entries its events posted (GET /api/admin/loans/:id/journal), in the order of the log. */
export function LoanJournal({ loanId, version, currency }: { loanId: string; version: number; currency: string }) {
  const { data, isPending, error } = useQuery({
    queryKey: ['accounting', 'loan-journal', loanId, version],
    queryFn: () => accountingApi.loanJournal(loanId),
  });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing posted yet: the books start at the payout.
      </Typography>
    );
  return (
    <Table size="small" aria-label="Journal" data-testid="loan-journal">
      <TableHead>
        <TableRow>
          <TableCell>Value date</TableCell>
          <TableCell>Event</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Lines</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((entry) => (
          <TableRow key={entry.id} sx={{ verticalAlign: 'top' }}>
            <TableCell>
              {entry.valueDate}
              {entry.originalValueDate ? ` (for ${entry.originalValueDate}, in a closed period)` : ''}
            </TableCell>
            <TableCell>{entrySource(entry)}</TableCell>
            <TableCell align="right">{formatMoney(entry.amount, currency)}</TableCell>
            <TableCell>
              <JournalLines lines={entry.lines} caption={`Entry ${entry.id}`} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
