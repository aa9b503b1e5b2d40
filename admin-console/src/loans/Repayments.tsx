import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCanAccess, useDataProvider, useGetIdentity } from 'react-admin';
import { formatDate, formatMoney } from '@lending/web-common/format';
import type { CreditBalanceRefund } from '@lending/web-common/api';
import { amountDue, dueNow, type Instalment, type Outstanding } from '@lending/web-common/servicing';
import { useBusinessDate } from '../business-date/useBusinessDate';
import { CommandButton, SERVICING_QUERY_KEY } from '../payments/CommandButton';
import { PaymentPreview } from '../payments/PaymentPreview';
import { paymentOf, recordPaymentSpec, refundSpec } from '../payments/recordPayment';
import type { LendingDataProvider } from '../providers/dataProvider';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

type Props = {
  loanId: string;
  state: string;
  currency: string;
  instalments: Instalment[];
  outstanding: Outstanding | null;
  creditBalance: number;
  refunds: CreditBalanceRefund[];
};

/**
 * Where the loan stands in money (outstanding, what is due, credit balance), and the staff commands on it: record an
 * offline payment (prefilled with what is due on the business date), refund a credit balance, quote a payoff.
 */
export function Repayments({ loanId, state, currency, instalments, outstanding, creditBalance, refunds }: Props) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data: businessDate } = useBusinessDate();
  const { canAccess: canRecord } = useCanAccess({ action: 'record', resource: 'payments' });
  const { canAccess: canRefund } = useCanAccess({ action: 'request-refund', resource: 'payments' });
  const money = (minor: number | null | undefined) => formatMoney(minor, currency);
  const today = businessDate?.date;
  const active = state === 'active';
  // A settled or written-off loan owes nothing more, whatever its instalments still show unpaid (waived, written off).
  // Due now is what has fallen due and is unpaid on the business date, never a later instalment (issue 27).
  const due = today && active ? dueNow(instalments, today) : null;
  const next = today && active && !due ? amountDue(instalments, today) : null;
  // A written-off loan still takes payments: recoveries.
  const takesPayments = active || state === 'writtenOff';
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' }, gap: 2 }}>
        <Figure
          label={due ? (due.late ? `Due now, overdue since ${formatDate(due.dueDate)}` : 'Due now (due today)') : 'Due now'}
          testId="amount-due"
        >
          {!today ? '—' : due ? money(due.amount) : 'Nothing'}
        </Figure>
        {next ? <Figure label={`Next instalment, ${formatDate(next.dueDate)}`}>{money(next.amount)}</Figure> : null}
        <Figure label="Outstanding principal">{money(outstanding?.principal)}</Figure>
        <Figure label="Outstanding interest">{money(outstanding?.interest)}</Figure>
        <Figure label="Fees and penalties">{outstanding ? money(outstanding.fees + outstanding.penalties) : '—'}</Figure>
        <Figure label="Outstanding total" testId="outstanding-total">
          {money(outstanding?.total)}
        </Figure>
        <Figure label="Credit balance" testId="credit-balance">
          {money(creditBalance)}
        </Figure>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 2 }}>
        {takesPayments && canRecord && today ? (
          <CommandButton
            spec={recordPaymentSpec(currency, today, due?.amount ?? null, (values) => (
              <PaymentPreview loanId={loanId} currency={currency} payment={paymentOf(values, currency)} />
            ))}
            currency={currency}
            done="Payment recorded: it is applied once a second staff member verifies it."
            run={(body, key) => dataProvider.recordPayment(loanId, body, key)}
          />
        ) : null}
        {creditBalance > 0 && canRefund ? (
          <CommandButton
            spec={refundSpec(currency, creditBalance)}
            currency={currency}
            variant="outlined"
            done="Refund requested: a second staff member approves it."
            run={(body, key) => dataProvider.requestRefund(loanId, body, key)}
          />
        ) : null}
      </Stack>
      {refunds
        .filter((refund) => refund.status === 'requested')
        .map((refund) => (
          <RequestedRefund key={refund.id} loanId={loanId} refund={refund} currency={currency} />
        ))}
      {!takesPayments ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          This loan is {state}: no payment can be recorded.
        </Typography>
      ) : null}
      {active && today ? <ForeclosureQuote loanId={loanId} currency={currency} businessDate={today} /> : null}
    </Box>
  );
}

const APPROVE_REFUND = {
  action: 'approve-refund',
  label: 'Approve refund',
  confirm: 'Pay this money back to the borrower’s bank account? The credit balance falls by the amount.',
  color: 'success' as const,
  fields: [],
  body: () => ({}),
};

/** A refund waiting for its checker: approved by anyone allowed but the one who asked. */
function RequestedRefund({ loanId, refund, currency }: { loanId: string; refund: CreditBalanceRefund; currency: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { identity } = useGetIdentity();
  const { canAccess } = useCanAccess({ action: 'approve-refund', resource: 'payments' });
  const mine = identity !== undefined && String(identity.id) === refund.requestedBy;
  return (
    <Alert
      severity="info"
      sx={{ mt: 2 }}
      action={
        canAccess && !mine ? (
          <CommandButton
            spec={APPROVE_REFUND}
            currency={currency}
            size="small"
            done="Refund approved."
            run={() => dataProvider.approveRefund(loanId, refund.id)}
          />
        ) : undefined
      }
    >
      A refund of {formatMoney(refund.amount, currency)} waits for approval{mine ? ' by a second staff member (you asked for it)' : ''}.
    </Alert>
  );
}

/** The amount that closes the loan on a chosen date (the business date unless staff pick another). */
function ForeclosureQuote({ loanId, currency, businessDate }: { loanId: string; currency: string; businessDate: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const [date, setDate] = useState(businessDate);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const { data, error, isFetching } = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'foreclosure-quote', loanId, date],
    queryFn: () => dataProvider.foreclosureQuote(loanId, date),
    enabled: valid,
    retry: false,
  });
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Box sx={{ mt: 3 }} data-testid="foreclosure-quote">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Foreclosure quote
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
        <TextField
          type="date"
          size="small"
          label="Pay off on"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={valid ? ' ' : 'A date'}
          error={!valid}
        />
        {error ? (
          <Alert severity="error">{(error as Error).message}</Alert>
        ) : data ? (
          <Typography variant="body2" aria-live="polite" aria-busy={isFetching}>
            Principal {money(data.principal)} + interest {money(data.interest)} + fees {money(data.fees)} + penalties{' '}
            {money(data.penalties)} = <strong data-testid="foreclosure-total">{money(data.total)}</strong> to close the loan on{' '}
            {formatDate(data.date)}.
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}
