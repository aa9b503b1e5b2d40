import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, useDataProvider } from 'react-admin';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { LEDGER_TYPE_LABELS } from '@lending/web-common/servicing';
import { SERVICING_QUERY_KEY } from '../payments/CommandButton';
import type { LendingDataProvider } from '../providers/dataProvider';
import { shortId } from './labels';

/** The loan's money ledger (GET /api/admin/loans/:id/transactions): every movement with its split and the balance after. */
export function Ledger({ loanId, version, currency }: { loanId: string; version: number; currency: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'transactions', loanId, version],
    queryFn: () => dataProvider.loanTransactions(loanId),
  });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (data.length === 0) return <Typography variant="body2" color="text.secondary">No money has moved on this loan yet.</Typography>;
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Table size="small" aria-label="Ledger" data-testid="ledger">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Type</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell align="right">Principal</TableCell>
          <TableCell align="right">Interest</TableCell>
          <TableCell align="right">Fees</TableCell>
          <TableCell align="right">Penalties</TableCell>
          <TableCell align="right">Balance after</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((line) => (
          <TableRow key={`${line.type}-${line.id}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</TableCell>
            <TableCell>
              {LEDGER_TYPE_LABELS[line.type] ?? line.type}
              {line.paymentId ? (
                <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {shortId(line.paymentId)}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell align="right">{money(line.amount)}</TableCell>
            <TableCell align="right">{money(line.principal)}</TableCell>
            <TableCell align="right">{money(line.interest)}</TableCell>
            <TableCell align="right">{money(line.fees)}</TableCell>
            <TableCell align="right">{money(line.penalties)}</TableCell>
            <TableCell align="right">{money(line.balanceAfter)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
