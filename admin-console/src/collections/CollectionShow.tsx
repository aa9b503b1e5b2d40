import { WhatsappButton } from '../channels/WhatsappButton';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { HttpError, Title, useCanAccess, useDataProvider, useGetOne, useNotify } from 'react-admin';
import { Link, useLocation, useParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '@lending/web-common/format';
import type { AdminLoan } from '@lending/web-common/api';
import { useBusinessDate } from '../business-date/useBusinessDate';
import { shortId } from '../loans/labels';
import { loanPath } from '../loans/queues';
import type { LendingDataProvider } from '../providers/dataProvider';
import { AssignDialog } from './AssignDialog';
import { BUCKET_SPECS, backPath, detailBucket, detailPath, isBucket, type Bucket } from './buckets';
import { dpdLabel } from './classification';
import { ClassificationChip, PromiseText, money } from './CollectionFields';
import { pendingPaymentPath } from './CollectionList';
import { channelLabel, outcomeLabel } from './contacts';
import { RecordContactDialog, contactsKey } from './RecordContactDialog';
import type { CollectionRow, CollectionContact } from './types';
import { useCollectorName } from './useCollections';
import { formatPhone, phoneHref } from '@lending/web-common/phone';

export const COLLECTION_REFRESH_MS = 10000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div">
        {children}
      </Typography>
    </Box>
  );
}

const recorder = (entry: CollectionContact) => entry.recordedByName ?? shortId(entry.recordedBy);

function ContactLog({ loanId }: { loanId: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: contactsKey(loanId),
    queryFn: () => dataProvider.loanContacts(loanId),
    refetchInterval: COLLECTION_REFRESH_MS,
  });
  if (isPending) return <CircularProgress size={24} aria-label="Loading the contact log" />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data.length) return <Typography color="text.secondary">No contact recorded yet.</Typography>;
  return (
    <Table size="small" aria-label="Contact log">
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Channel</TableCell>
          <TableCell>Outcome</TableCell>
          <TableCell>Promised for</TableCell>
          <TableCell>Note</TableCell>
          <TableCell>By</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.recordedAt)}</TableCell>
            <TableCell>{channelLabel(entry.channel)}</TableCell>
            <TableCell>{outcomeLabel(entry.outcome)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.promiseToPayOn)}</TableCell>
            <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>{entry.note || '—'}</TableCell>
            <TableCell>{recorder(entry)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The loan page's path, once the loan's type and state are known (staff without loans.view get no link). */
function LoanLink({ loanId }: { loanId: string }) {
  const { canAccess } = useCanAccess({ action: 'show', resource: 'loans' });
  const { data: loan } = useGetOne<AdminLoan>('loans', { id: loanId }, { enabled: Boolean(canAccess) });
  if (!canAccess || !loan) return null;
  return (
    <Button component={Link} to={loanPath(loan)} variant="outlined">
      Open the loan
    </Button>
  );
}

/** The buckets a `not-in-bucket` answer says the row is in now (the API's problem member `buckets`). */
function bucketsOfRefusal(error: unknown): Bucket[] | undefined {
  if (!(error instanceof HttpError) || error.status !== 404) return undefined;
  const body = error.body as { type?: string; buckets?: unknown } | undefined;
  if (body?.type !== 'not-in-bucket' || !Array.isArray(body.buckets)) return undefined;
  return body.buckets.filter(isBucket);
}

/** A bucket's detail page asked for a row that is elsewhere now: where it is, with a link to each place. */
function NotInBucket({
  id,
  bucket,
  buckets,
  back,
}: {
  id: string;
  bucket: Bucket;
  buckets: Bucket[];
  back: { to: string; label: string };
}) {
  return (
    <Box sx={{ p: 2 }} data-testid="not-in-bucket">
      <Title title="Collection" />
      <Alert severity="info">
        This row is not in {BUCKET_SPECS[bucket].label} at the business date.{' '}
        {buckets.length === 0 ? 'It is in no collection bucket now (paid a while ago, or no longer waiting).' : 'It is in:'}
      </Alert>
      {buckets.length > 0 ? (
        <Box component="ul" sx={{ mt: 1 }}>
          {buckets.map((where) => (
            <li key={where}>
              <Link to={detailPath(where, id, 'tab')}>{BUCKET_SPECS[where].label}</Link>
            </li>
          ))}
        </Box>
      ) : null}
      <Button component={Link} to={back.to} sx={{ mt: 2 }}>
        Back to {back.label}
      </Button>
    </Box>
  );
}

/** Money owed now, by component, as the API splits it. */
function OwedSplit({ due }: { due: CollectionRow['due'] }) {
  if (!due) return <>—</>;
  const parts = [
    ['Principal', due.principal],
    ['Interest', due.interest],
    ['Fees', due.fees],
    ['Penal charges', due.penalties],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, fontSize: 14 }}
      data-testid="owed-split"
    >
      {parts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
            {money(value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A collection row (instalment, loan or payment) with its borrower, money owed now, delinquency, collector and contact
 * log. Opened through a bucket (its /Collection page or a tab), it shows only a row of that bucket; otherwise it says
 * where the row is and links there.
 */
export function CollectionShow() {
  const { id = '' } = useParams();
  const { pathname, search } = useLocation();
  const back = backPath(pathname, search);
  const bucket = detailBucket(pathname, search);
  const notify = useNotify();
  const nameOf = useCollectorName();
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data: today } = useBusinessDate();
  const { canAccess: canAssign } = useCanAccess({ action: 'assign', resource: 'Collections' });
  const { canAccess: canContact } = useCanAccess({ action: 'contact', resource: 'Collections' });
  const {
    data: row,
    isPending,
    error,
  } = useQuery({
    queryKey: ['Collections', 'getOne', { id, bucket }],
    queryFn: () => dataProvider.collectionRow(id, bucket),
    refetchInterval: COLLECTION_REFRESH_MS,
    retry: false,
  });
  const [dialog, setDialog] = useState<'contact' | 'assign' | null>(null);

  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Loading the collection" />;
  const elsewhere = bucketsOfRefusal(error);
  if (bucket && elsewhere) return <NotInBucket id={id} bucket={bucket} buckets={elsewhere} back={back} />;
  if (error || !row) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="Collection" />
        <Alert severity="error">{(error as Error | null)?.message ?? 'This collection row was not found.'}</Alert>
        <Button component={Link} to={back.to} sx={{ mt: 2 }}>
          Back to {back.label}
        </Button>
      </Box>
    );
  }

  const borrower = row.borrower?.name ?? 'Borrower';
  const what =
    row.kind === 'instalment'
      ? `instalment ${row.instalmentNumber ?? ''}`
      : row.kind === 'payment'
        ? 'payment awaiting verification'
        : 'loan';
  return (
    <Box sx={{ py: 2 }} data-testid="collection-page">
      <Title title={`Collection · ${borrower}`} />
      <Button component={Link} to={back.to} size="small" sx={{ mb: 1 }}>
        ← Back to {back.label}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {borrower} · {what}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          Loan {row.loanId}
        </Typography>
      </Box>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}>
          <Fact label="Borrower">{borrower}</Fact>
          <Fact label="Phone">
            {row.borrower?.phone ? <a href={phoneHref(row.borrower.phone)}>{formatPhone(row.borrower.phone)}</a> : '—'}
          </Fact>
          {row.kind === 'payment' ? (
            <Fact label="Payment amount">{money(row.amount)}</Fact>
          ) : (
            <>
              <Fact label={row.kind === 'instalment' ? 'Due date' : 'Next due date'}>{formatDate(row.dueDate)}</Fact>
              <Fact label={row.kind === 'instalment' ? 'Still owed on it' : `Due by ${formatDate(today?.date)}`}>
                {money(row.amountDue)}
              </Fact>
              <Fact label="Overdue (past grace)">{money(row.amountOverdue)}</Fact>
              <Fact label="Owed, by part">
                <OwedSplit due={row.due} />
              </Fact>
              <Fact label="Paid so far">{money(row.amountPaid)}</Fact>
              {row.kind === 'loan' ? <Fact label="Outstanding (incl. not yet due)">{money(row.outstanding)}</Fact> : null}
              <Fact label="Days past due">{dpdLabel(row.dpd)}</Fact>
              <Fact label="Classification">
                <ClassificationChip value={row.classification} />
              </Fact>
            </>
          )}
          <Fact label="Collector">{row.assignedToName ?? nameOf(row.assignedTo)}</Fact>
          <Fact label="Last reminder">{formatDateTime(row.lastReminderAt)}</Fact>
          <Fact label="Promise to pay">
            <PromiseText promiseToPayOn={row.promiseToPayOn} promiseBroken={row.promiseBroken} />
          </Fact>
        </CardContent>
      </Card>
      {row.promiseBroken ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          The borrower promised to pay by {formatDate(row.promiseToPayOn)} and no payment has arrived since.
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {canContact ? (
          <Button variant="contained" onClick={() => setDialog('contact')}>
            Record contact
          </Button>
        ) : null}
        {canAssign ? (
          <Button variant="outlined" onClick={() => setDialog('assign')}>
            Assign
          </Button>
        ) : null}
        {row.kind === 'payment' ? (
          <Button component={Link} to={pendingPaymentPath(row)} variant="outlined">
            Verify the payment
          </Button>
        ) : null}
        <LoanLink loanId={row.loanId} />
        <WhatsappButton loanId={row.loanId} />
      </Box>
      <Card variant="outlined">
        <CardHeader title="Contact log" slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
        <CardContent>
          <ContactLog loanId={row.loanId} />
        </CardContent>
      </Card>
      {dialog === 'contact' ? (
        <RecordContactDialog
          loanId={row.loanId}
          borrowerName={borrower}
          today={today?.date}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            notify('Contact recorded.', { type: 'success' });
          }}
        />
      ) : null}
      {dialog === 'assign' ? (
        <AssignDialog
          loanIds={[row.loanId]}
          subject={`Loan ${shortId(row.loanId)} of ${borrower}`}
          currentStaffId={row.assignedTo}
          onClose={() => setDialog(null)}
          onDone={(name) => {
            setDialog(null);
            notify(name === null ? 'Loan un-assigned: no collector.' : `Loan assigned to ${name}.`, { type: 'success' });
          }}
        />
      ) : null}
    </Box>
  );
}
