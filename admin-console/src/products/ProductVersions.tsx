import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, useCanAccess, useDataProvider, useGetIdentity, useGetOne, useRecordContext } from 'react-admin';
import { formatDateTime, formatMoney } from '@lending/web-common/format';
import type { LoanProduct, LoanProductVersion } from '@lending/web-common/api';
import type { LendingDataProvider } from '../providers/dataProvider';
import { FIELD_LABELS, MONEY_FIELDS } from './labels';

function MadeBy({ id }: { id: string }) {
  const { identity } = useGetIdentity();
  const { canAccess } = useCanAccess({ action: 'show', resource: 'Users' });
  const isStaff = id !== 'system' && id !== identity?.id;
  const { data: user } = useGetOne('Users', { id }, { enabled: Boolean(isStaff && canAccess), retry: false });
  if (id === 'system') return <span>system (from settings)</span>;
  if (id === identity?.id) return <span>you ({identity?.fullName})</span>;
  return <span>{user?.name ?? `staff ${id.slice(0, 8)}`}</span>;
}

const show = (field: string, value: unknown, currency: string) =>
  value === null || value === undefined
    ? '—'
    : MONEY_FIELDS.has(field)
      ? formatMoney(value as number, currency)
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : Array.isArray(value)
          ? value.length === 0
            ? 'none'
            : value.join(', ')
          : String(value);

const same = (a: unknown, b: unknown) => (Array.isArray(a) && Array.isArray(b) ? a.join() === b.join() : a === b);

/** What a version changed from the one before it, in words. */
export function changesBetween(previous: LoanProductVersion | undefined, version: LoanProductVersion): string[] {
  if (!previous) return ['Created'];
  return Object.keys(FIELD_LABELS)
    .filter((field) => !same(previous[field as keyof LoanProductVersion], version[field as keyof LoanProductVersion]))
    .map(
      (field) =>
        `${FIELD_LABELS[field]}: ${show(field, previous[field as keyof LoanProductVersion], previous.currency)} → ${show(field, version[field as keyof LoanProductVersion], version.currency)}`,
    );
}

/** Every version of the product, newest first: who made it, when, and what it changed. */
export function ProductVersions() {
  const product = useRecordContext<LoanProduct>();
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['product-versions', product?.id, product?.version],
    queryFn: () => dataProvider.productVersions(product!.id),
    enabled: Boolean(product),
  });
  if (!product) return null;
  return (
    <Box component="section" aria-labelledby="versions-heading" sx={{ p: 2 }}>
      <Typography id="versions-heading" variant="h6" component="h2" gutterBottom>
        Version history
      </Typography>
      {isPending || !data ? (
        <Loading />
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="versions-heading">
            <TableHead>
              <TableRow>
                <TableCell scope="col">Version</TableCell>
                <TableCell scope="col">Made by</TableCell>
                <TableCell scope="col">When</TableCell>
                <TableCell scope="col">Changes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((version, index) => (
                <TableRow key={version.id} data-testid={`version-${version.version}`}>
                  <TableCell>{version.version}</TableCell>
                  <TableCell>
                    <MadeBy id={version.madeBy} />
                  </TableCell>
                  <TableCell>{formatDateTime(version.madeAt)}</TableCell>
                  <TableCell>
                    {changesBetween(data[index + 1], version).map((change) => (
                      <div key={change}>{change}</div>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
