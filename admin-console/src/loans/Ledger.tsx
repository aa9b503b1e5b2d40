import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, useDataProvider } from 'react-admin';
import { LedgerTable } from '@lending/web-common/loan-tables';
import { SERVICING_QUERY_KEY } from '../payments/CommandButton';
import { TABLE_PARTS } from '../layout/tableParts';
import type { LendingDataProvider } from '../providers/dataProvider';

/** The loan's money ledger (GET /api/admin/loans/:id/transactions): every movement with its split and the balance after. */
export function Ledger({ loanId, version, currency }: { loanId: string; version: number; currency: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'transactions', loanId, version],
    queryFn: () => dataProvider.loanTransactions(loanId),
  });
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No money has moved on this loan yet.
      </Typography>
    );
  return <LedgerTable parts={TABLE_PARTS} caption="Ledger" lines={data} currency={currency} />;
}
