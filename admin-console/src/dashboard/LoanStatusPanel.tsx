import { Card, CardContent, CardHeader, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { Link } from 'react-router-dom';
import { QUEUE_GROUPS } from '../loans/queues';
import { useQueueCounts } from '../loans/useQueueCounts';

/** Panel `loanStatus`: how many loans wait in each queue, each linking to its list. */
export function LoanStatusPanel() {
  const { data: counts, isPending, error } = useQueueCounts();
  return (
    <Card variant="outlined" data-testid="panel-loanStatus">
      <CardHeader title="Loan status" subheader="Loans in each queue" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Loading />
        ) : error ? (
          <Typography color="error">{error.message}</Typography>
        ) : (
          <Table size="small">
            <TableBody>
              {QUEUE_GROUPS.flatMap((group) =>
                group.queues
                  .filter((q) => !q.type)
                  .map((queue) => (
                    <TableRow key={queue.path}>
                      <TableCell>
                        <Link to={`/Loan/${queue.path}`}>
                          {group.label}
                          {group.queues.length > 1 ? ` · ${queue.label}` : ''}
                        </Link>
                      </TableCell>
                      <TableCell align="right" data-testid={`status-${queue.path}`}>
                        {(counts as Record<string, number> | undefined)?.[queue.apiQueue] ?? 0}
                      </TableCell>
                    </TableRow>
                  )),
              )}
              <TableRow>
                <TableCell>Rejected</TableCell>
                <TableCell align="right">{counts?.rejected ?? 0}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell>Cancelled</TableCell>
                <TableCell align="right">{counts?.cancelled ?? 0}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
