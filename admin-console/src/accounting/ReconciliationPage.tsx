import { useState } from 'react';
import { Alert, Box, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title } from 'react-admin';
import { formatMoney } from '@lending/web-common/format';
import { DEFAULT_CURRENCY } from '../loans/labels';
import { useBusinessDate } from '../business-date/useBusinessDate';
import { accountingApi, today } from './api';

const money = (minor: number) => formatMoney(minor, DEFAULT_CURRENCY);

/** /Admin/Reconciliation: loans receivable in the books against every loan's principal outstanding, as of a date. */
export function ReconciliationPage() {
  // The business date by default (what the rest of the console dates by), else today.
  const { data: business } = useBusinessDate();
  const [picked, setAsOf] = useState<string | null>(null);
  const asOf = picked ?? business?.date ?? today();
  const { data, isPending, error } = useQuery({
    queryKey: ['accounting', 'reconciliation', asOf],
    queryFn: () => accountingApi.reconciliation(asOf),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(asOf),
  });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Reconciliation" />
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h1">
            Loans receivable reconciliation
          </Typography>
          <TextField
            type="date"
            size="small"
            label="As of"
            value={asOf}
            onChange={(e) => setAsOf(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        {isPending ? <Loading /> : null}
        {error ? <Alert severity="error">{error.message}</Alert> : null}
        {data ? (
          <>
            <Table size="small" aria-label={`Reconciliation as of ${data.asOf}`} data-testid="reconciliation">
              <TableBody>
                <TableRow>
                  <TableCell component="th" scope="row">
                    Loans receivable (account 1100)
                  </TableCell>
                  <TableCell align="right">{money(data.loansReceivable)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th" scope="row">
                    Principal outstanding on {data.loans} loans
                  </TableCell>
                  <TableCell align="right">{money(data.outstandingPrincipal)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th" scope="row">
                    Difference
                  </TableCell>
                  <TableCell align="right">{money(data.difference)}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
            {data.difference === 0 && data.mismatches.length === 0 ? (
              <Alert severity="success" sx={{ mt: 2 }}>
                The books agree with the loans.
              </Alert>
            ) : (
              <Table size="small" aria-label="Loans that differ" sx={{ mt: 2 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Loan</TableCell>
                    <TableCell align="right">In the books</TableCell>
                    <TableCell align="right">Principal outstanding</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.mismatches.map((m) => (
                    <TableRow key={m.loanId}>
                      <TableCell>{m.loanId}</TableCell>
                      <TableCell align="right">{money(m.books)}</TableCell>
                      <TableCell align="right">{money(m.principal)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
