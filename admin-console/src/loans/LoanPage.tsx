import { Alert, Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading, Title, useDataProvider, useGetOne } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { LendingDataProvider } from '../providers/dataProvider';
import { AgreementPanel } from './AgreementPanel';
import { CoolingOffPanel } from './CoolingOffPanel';
import { DocumentDeliveriesPanel } from './DocumentDeliveriesPanel';
import { AsOfControl } from './AsOfControl';
import { formatDateTime, formatMoney } from '@lending/web-common/format';
import { shortId } from './labels';
import { LoanActions } from './LoanActions';
import { LoanHistory } from './LoanHistory';
import { LoanSummary } from './LoanSummary';
import { loanPath, queueOfState } from './queues';
import { RepaymentSchedule } from './RepaymentSchedule';
import type { AdminLoan as Loan } from '@lending/web-common/api';
import { Instalments } from './Instalments';
import { ScrollArea } from '../layout/ScrollArea';
import { Ledger } from './Ledger';
import { LoanJournal } from '../accounting/LoanJournal';
import { useAccess } from '../permissions/useAccess';
import { LoanPayments } from './LoanPayments';
import { Repayments } from './Repayments';
import { CollectionsPanel } from '../collections/CollectionsPanel';
import { ContactConductPanel } from '../collections/ContactConductPanel';
import { MandatePanel } from '../mandates/MandatePanel';

/** Another staff member may move the loan while it is open: poll so the page never offers a stale action. */
export const LOAN_REFRESH_MS = 5000;

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardHeader title={title} action={action} slotProps={{ title: { variant: 'h6' } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The live loan (polled) and, with `asOf`, the loan replayed up to that moment. Queue lists seed react-admin's
 * getOne cache with their rows, which lack the page's fields (schedule, allowedActions, ...): `meta` gives the
 * page a cache entry of its own.
 */
const PAGE_META = { view: 'loan-page' };

function useLoan(id: string, asOf: string | null) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const live = useGetOne<Loan>('loans', { id, meta: PAGE_META }, { refetchInterval: asOf ? false : LOAN_REFRESH_MS });
  const past = useQuery({
    queryKey: ['loan-as-of', id, asOf],
    queryFn: () => dataProvider.loanAsOf(id, asOf!),
    enabled: Boolean(asOf),
    retry: false,
  });
  if (asOf) return { loan: past.data as Loan | undefined, current: live.data, isPending: past.isPending, error: past.error };
  return { loan: live.data, current: live.data, isPending: live.isPending, error: live.error };
}

/** One loan: summary, actions, schedule, agreement and its audit history, live or as it stood at a moment. */
export function LoanPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asOf = search.get('asOf');
  const setAsOf = (iso: string | null) => setSearch(iso ? { asOf: iso } : {}, { replace: false });
  const { loan, current, error, isPending } = useLoan(id, asOf);
  const canSeeBooks = useAccess('list', 'JournalEntries');
  const canSeeCollections = useAccess('list', 'Collections');

  if (isPending) return <Loading />;
  if (error || !loan) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="Loan" />
        <Alert severity="error">{(error as Error | null)?.message ?? 'Loan not found'}</Alert>
        {asOf ? <AsOfControl asOf={asOf} onChange={setAsOf} /> : null}
      </Box>
    );
  }

  const queue = queueOfState(loan.state);
  const instalments = loan.instalments?.length ? loan.instalments : null;
  return (
    <Box sx={{ py: 2 }} data-testid="loan-page">
      <Title title={`Loan ${shortId(loan.id)}`} />
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {loan.borrower?.name ?? current?.borrower?.name ?? 'Loan'} · {formatMoney(loan.principal, loan.currency)}{' '}
          {loan.type === 'EMI' ? 'EMI' : 'salary advance'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {loan.id}
        </Typography>
        {queue && !asOf ? (
          <Typography variant="body2">
            in <Link to={`/Loan/${queue.path}`}>{queue.path}</Link>
          </Typography>
        ) : null}
      </Box>
      {asOf ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="as-of-banner">
          Showing the loan as it stood on {formatDateTime(asOf)} (replayed from the event log, {loan.version} event
          {loan.version === 1 ? '' : 's'}). Actions are hidden. {current ? <Link to={loanPath(current)}>Back to the loan now</Link> : null}
        </Alert>
      ) : null}
      <Section title="Summary">
        <LoanSummary loan={current && asOf ? { ...loan, borrower: current.borrower } : loan} />
      </Section>
      {!asOf ? (
        <Section title="Actions">
          <LoanActions loan={loan} />
        </Section>
      ) : null}
      {instalments && !asOf ? (
        <Section title="Repayments">
          <CoolingOffPanel loanId={loan.id} currency={loan.currency} />
          <Repayments
            loanId={loan.id}
            state={loan.state}
            currency={loan.currency}
            instalments={instalments}
            outstanding={loan.outstanding}
            creditBalance={loan.creditBalance}
            refunds={loan.refunds ?? []}
          />
        </Section>
      ) : null}
      {instalments && !asOf ? (
        <Section title="Collections">
          <CollectionsPanel loanId={loan.id} state={loan.state} currency={loan.currency} outstandingTotal={loan.outstanding?.total ?? 0} />
          {canSeeCollections ? <ContactConductPanel loanId={loan.id} /> : null}
        </Section>
      ) : null}
      {!asOf ? (
        <Section title="Auto-debit">
          <MandatePanel loanId={loan.id} state={loan.state} currency={loan.currency} />
        </Section>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          {instalments ? (
            <Section title="Instalments">
              <ScrollArea label="Instalments, scrollable">
                <Instalments instalments={instalments} currency={loan.currency} />
              </ScrollArea>
            </Section>
          ) : (
            <Section title="Repayment schedule">
              <RepaymentSchedule loan={loan} />
            </Section>
          )}
          {instalments && !asOf ? (
            <Section title="Payments">
              <ScrollArea label="Payments, scrollable">
                <LoanPayments loanId={loan.id} currency={loan.currency} />
              </ScrollArea>
            </Section>
          ) : null}
          <Section title="Agreement">
            <AgreementPanel loan={loan} />
          </Section>
          {loan.signedAt && !asOf ? (
            <Section title="Documents sent">
              <DocumentDeliveriesPanel loanId={loan.id} signedAt={loan.signedAt} />
            </Section>
          ) : null}
        </Box>
        <Section title="History">
          <Box sx={{ mb: 2 }}>
            <AsOfControl asOf={asOf} onChange={setAsOf} />
          </Box>
          <LoanHistory loan={current && asOf ? current : loan} asOf={asOf} onAsOf={setAsOf} />
        </Section>
      </Box>
      {instalments && !asOf ? (
        <Section title="Ledger">
          <ScrollArea label="Ledger, scrollable">
            <Ledger loanId={loan.id} version={loan.version} currency={loan.currency} />
          </ScrollArea>
        </Section>
      ) : null}
      {instalments && !asOf && canSeeBooks ? (
        <Section title="Journal">
          <ScrollArea label="Journal, scrollable">
            <LoanJournal loanId={loan.id} version={loan.version} currency={loan.currency} />
          </ScrollArea>
        </Section>
      ) : null}
    </Box>
  );
}
