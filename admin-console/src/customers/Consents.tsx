import type { Consent } from '@lending/web-common/api';
import { formatDateTime } from '@lending/web-common/format';
import { Alert, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';

/** The customer's consents (DPDP Act, issue 33 item 5), read-only: what they agreed to, when, and whether withdrawn. */
export function Consents({ customerId }: { customerId: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['customer-consents', customerId],
    queryFn: () => dataProvider.customerConsents(customerId),
  });
  if (isPending) return <CircularProgress aria-label="Loading the consents" />;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (data.length === 0)
    return <Typography color="text.secondary">No consent on record (none given since consents are recorded).</Typography>;
  return (
    <Table size="small" aria-label="Consents">
      <TableHead>
        <TableRow>
          <TableCell>Purpose</TableCell>
          <TableCell>Text version</TableCell>
          <TableCell>Given</TableCell>
          <TableCell>Withdrawn</TableCell>
          <TableCell>Withdrawable now</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((c: Consent) => (
          <TableRow key={c.id} data-testid={`consent-${c.purpose}`}>
            <TableCell>
              {c.label}
              <Typography variant="caption" component="div" color="text.secondary">
                {c.purpose}
              </Typography>
            </TableCell>
            <TableCell>
              {c.version}
              <Typography variant="caption" component="div" color="text.secondary" title={c.textHash}>
                SHA-256 {c.textHash.slice(0, 12)}…
              </Typography>
            </TableCell>
            <TableCell>
              {formatDateTime(c.givenAt)} ({c.channel})
            </TableCell>
            <TableCell>{c.withdrawnAt ? formatDateTime(c.withdrawnAt) : 'No'}</TableCell>
            <TableCell>{c.withdrawal === null ? '—' : c.withdrawal.allowed ? 'Yes' : `No: ${c.withdrawal.reason}`}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
