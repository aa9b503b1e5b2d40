import { Box, Typography } from '@mui/material';
import { Datagrid, List, Title, useCanAccess, type Identifier, type RaRecord } from 'react-admin';
import { BUCKET_SPECS, bucketTitle, defaultSort, detailPath, type Bucket } from './buckets';
import { BulkAssignButton } from './BulkAssignButton';
import { collectionFilters } from './CollectionFilters';
import {
  AmountDueColumn,
  AmountPaidColumn,
  BorrowerColumn,
  ClassificationColumn,
  CollectorColumn,
  DpdColumn,
  DueDateColumn,
  LoanColumn,
  PromiseColumn,
  ReminderColumn,
} from './CollectionFields';
import type { CollectionRow } from './types';

function EmptyBucket({ bucket }: { bucket: Bucket }) {
  return (
    <Box sx={{ p: 3 }} data-testid="collections-empty">
      <Typography variant="body1">{BUCKET_SPECS[bucket].empty}.</Typography>
      <Typography variant="body2" color="text.secondary">
        Clear the filters to see every row of this bucket.
      </Typography>
    </Box>
  );
}

/** Pending payments open the payment verification: the Payments list of that loan, pending first. */
export function pendingPaymentPath(row: Pick<CollectionRow, 'loanId'>): string {
  return `/Payments?filter=${encodeURIComponent(JSON.stringify({ loanId: row.loanId, status: 'pending' }))}`;
}

/**
 * One bucket of GET /api/admin/collections: filtered, sorted (dpd, due date, amount) and paged by the server.
 * `via` says where it is shown (its own /Collection page or a tab of /Collections), which decides where a row opens.
 */
export function CollectionList({
  bucket,
  via,
  title = true,
  initialFilters,
}: {
  bucket: Bucket;
  via: 'page' | 'tab';
  title?: boolean;
  initialFilters?: Record<string, string>;
}) {
  const spec = BUCKET_SPECS[bucket];
  const { canAccess: canAssign } = useCanAccess({ action: 'assign', resource: 'Collections' });
  const instalments = spec.kind === 'instalment';
  const payments = spec.kind === 'payment';
  const rowClick = (_id: Identifier, _resource: string, record: RaRecord) =>
    payments ? pendingPaymentPath(record as unknown as CollectionRow) : detailPath(bucket, String(record.id), via);
  return (
    <List
      resource="Collections"
      storeKey={`collections.${bucket}`}
      filter={{ bucket }}
      filters={collectionFilters(spec.kind)}
      filterDefaultValues={initialFilters}
      sort={defaultSort(bucket)}
      perPage={25}
      title={title ? <Title title={bucketTitle(bucket)} /> : false}
      exporter={false}
      actions={false}
      empty={false}
      disableSyncWithLocation={via === 'tab'}
    >
      <Datagrid
        rowClick={rowClick}
        bulkActionButtons={canAssign && !payments ? <BulkAssignButton /> : false}
        empty={<EmptyBucket bucket={bucket} />}
        data-testid={`collections-${bucket}`}
        sx={{
          '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
          '& .RaDatagrid-rowCell': { px: 1 },
          '& .RaDatagrid-headerCell': { px: 1 },
        }}
      >
        <BorrowerColumn label="Borrower" sortable={false} />
        <LoanColumn label={instalments ? 'Loan · instalment' : 'Loan'} sortable={false} />
        {payments ? null : <DueDateColumn label={instalments ? 'Due date' : 'Next due'} sortBy="dueDate" />}
        <AmountDueColumn label={payments ? 'Amount' : 'Amount due'} sortBy="amountDue" textAlign="right" />
        {bucket === 'Partial' || bucket === 'Paid' || spec.kind === 'loan' ? (
          <AmountPaidColumn label="Paid" sortable={false} textAlign="right" />
        ) : null}
        {payments ? null : <DpdColumn label="DPD" sortBy="dpd" textAlign="right" />}
        {payments ? null : <ClassificationColumn label="Classification" sortable={false} />}
        {payments ? null : <CollectorColumn label="Collector" sortable={false} />}
        {payments ? null : <PromiseColumn label="Promise to pay" sortable={false} />}
        {bucket === 'Reminder' ? <ReminderColumn label="Last reminder" sortable={false} /> : null}
      </Datagrid>
    </List>
  );
}
