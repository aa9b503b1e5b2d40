import { WhatsappButton } from '../channels/WhatsappButton';
import { whatsappValues } from '../channels/whatsapp-template';
import { Box, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ActorName } from './ActorName';
import { formatDate, formatDateTime, formatMoney } from '@lending/web-common/format';
import { StateChip } from './LoanFields';
import type { AdminLoan as Loan } from '@lending/web-common/api';
import { formatPhone } from '@lending/web-common/phone';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" data-testid={`summary-${label}`}>
        {children}
      </Typography>
    </Box>
  );
}

/** The loan's terms and where it stands: what a reviewer reads before acting. */
export function LoanSummary({ loan }: { loan: Loan }) {
  const money = (minor: number | null) => formatMoney(minor, loan.currency);
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        <Item label="Borrower">
          {loan.borrower?.name ?? loan.borrowerId}
          {loan.borrower ? (
            <Typography variant="caption" component="div" color="text.secondary">
              {loan.borrower.email}
              {loan.borrower.phone ? ` · ${formatPhone(loan.borrower.phone)}` : ''}
            </Typography>
          ) : null}
          {loan.borrower?.phone ? <WhatsappButton loanId={loan.id} values={whatsappValues(loan)} /> : null}
        </Item>
        <Item label="Type">
          {loan.type === 'EMI' ? 'EMI (monthly instalments)' : `Salary advance (pay day ${loan.payDayOfMonth ?? '—'})`}
        </Item>
        <Item label="State">
          <StateChip state={loan.state} />
        </Item>
        <Item label="Last move">
          {formatDateTime(loan.updatedAt)} by <ActorName actor={loan.lastActor} loan={loan} />
          {loan.lastReason ? (
            <Typography variant="caption" component="div" color="text.secondary">
              “{loan.lastReason}”
            </Typography>
          ) : null}
        </Item>
        <Item label="Amount requested">{money(loan.amount)}</Item>
        <Item label="Amount approved">{money(loan.approvedAmount)}</Item>
        <Item label="Interest rate">{loan.annualRatePercent} % a year</Item>
        <Item label="Tenure">{loan.type === 'EMI' ? `${loan.tenureMonths} months` : 'until the next pay day'}</Item>
        <Item label="Processing fee">{money(loan.fee)}</Item>
        <Item label="Credit score">{loan.score ?? '—'}</Item>
        <Item label="Bank account">
          {loan.bankAccountLast4 ? `•••• ${loan.bankAccountLast4}` : '—'}
          {loan.bankVerification ? (
            <Typography variant="caption" component="div" color="text.secondary">
              {loan.bankVerification.method === 'penny-drop'
                ? `Penny drop${loan.bankVerification.reference ? ` ${loan.bankVerification.reference}` : ''}`
                : 'Verified manually'}
              {loan.bankVerification.ifsc ? ` · ${loan.bankVerification.ifsc}` : ''}
            </Typography>
          ) : null}
        </Item>
        <Item label="Applied">{formatDateTime(loan.createdAt)}</Item>
      </Box>
      {loan.signedAt || loan.payoutReference ? (
        <>
          <Divider sx={{ my: 2 }} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
            <Item label="Signed by borrower">{formatDateTime(loan.signedAt)}</Item>
            <Item label="Payout reference">{loan.payoutReference ?? '—'}</Item>
            <Item label="Disbursed on">{formatDate(loan.disbursedOn)}</Item>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
