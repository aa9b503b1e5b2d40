import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useNotify } from 'react-admin';
import { formatMoney } from '@lending/web-common/format';
import { DEFAULT_CURRENCY } from '../loans/labels';
import { useBusinessDate } from '../business-date/useBusinessDate';
import { accountingApi, today } from './api';

const money = (minor: number) => (minor === 0 ? '' : formatMoney(minor, DEFAULT_CURRENCY));

/** /Admin/TrialBalance: every account's balance as of a date, debits and credits side by side; the totals agree. */
export function TrialBalancePage() {
  // The business date by default (what the rest of the console dates by), else today.
  const { data: business } = useBusinessDate();
  const [picked, setAsOf] = useState<string | null>(null);
  const asOf = picked ?? business?.date ?? today();
  const notify = useNotify();
  const { data, isPending, error } = useQuery({
    queryKey: ['accounting', 'trial-balance', asOf],
    queryFn: () => accountingApi.trialBalance(asOf),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(asOf),
  });
  const download = () =>
    accountingApi
      .download(`accounting/trial-balance.csv?asOf=${encodeURIComponent(asOf)}`, `trial-balance-${asOf}.csv`)
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Trial balance" />
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h1">
            Trial balance
          </Typography>
          <TextField
            type="date"
            size="small"
            label="As of"
            value={asOf}
            onChange={(e) => setAsOf(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button size="small" onClick={download}>
            Export CSV
          </Button>
        </Box>
        {isPending ? <Loading /> : null}
        {error ? <Alert severity="error">{error.message}</Alert> : null}
        {data ? (
          <>
            {data.totals.debit !== data.totals.credit ? (
              <Alert severity="error">Debits and credits differ: the books do not balance.</Alert>
            ) : null}
            <Table size="small" aria-label={`Trial balance as of ${data.asOf}`} data-testid="trial-balance">
              <TableHead>
                <TableRow>
                  <TableCell>Code</TableCell>
                  <TableCell>Account</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">Debit</TableCell>
                  <TableCell align="right">Credit</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.accounts.map((a) => (
                  <TableRow key={a.code}>
                    <TableCell>{a.code}</TableCell>
                    <TableCell>{a.name}</TableCell>
                    <TableCell>{a.type}</TableCell>
                    <TableCell align="right">{money(a.debit)}</TableCell>
                    <TableCell align="right">{money(a.credit)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell colSpan={3}>Total</TableCell>
                  <TableCell align="right">{formatMoney(data.totals.debit, DEFAULT_CURRENCY)}</TableCell>
                  <TableCell align="right">{formatMoney(data.totals.credit, DEFAULT_CURRENCY)}</TableCell>
                </TableRow>
              </TableFooter>
            </Table>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
