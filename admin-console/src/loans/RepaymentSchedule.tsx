import { Typography } from '@mui/material';
import { formatMoney } from '@lending/web-common/format';
import { ScheduleTable } from '@lending/web-common/loan-tables';
import type { AdminLoan as Loan } from '@lending/web-common/api';
import { TABLE_PARTS } from '../layout/tableParts';

/** The schedule fixed at disbursal; before that, the agreement's instalment if one was issued. */
export function RepaymentSchedule({ loan }: { loan: Loan }) {
  const money = (minor: number) => formatMoney(minor, loan.currency);
  if (!loan.schedule) {
    const terms = loan.agreement?.terms;
    return (
      <Typography variant="body2" color="text.secondary">
        The schedule is fixed when the loan is disbursed.
        {terms
          ? ` Per the agreement: ${loan.type === 'EMI' ? `${terms.tenureMonths} instalments of ${money(Number(terms.instalmentAmount))}` : `one repayment of ${money(Number(terms.totalPayable))}`}.`
          : ''}
      </Typography>
    );
  }
  return (
    <ScheduleTable
      parts={TABLE_PARTS}
      caption="Repayment schedule"
      lines={loan.schedule}
      currency={loan.currency}
      columns={['number', 'dueDate', 'principal', 'interest', 'instalment', 'balance']}
      headers={{ dueDate: 'Due', balance: 'Balance' }}
      totals
    />
  );
}
