import { Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatMoney } from '@lending/web-common/format';
import type { AdminLoan as Loan } from '@lending/web-common/api';

/** The schedule fixed at disbursal; before that, the agreement's instalment if one was issued. */
export function RepaymentSchedule({ loan }: { loan: Loan }) {
  const money = (minor: number) => formatMoney(minor, loan.currency);
  if (!loan.schedule) {
    const terms = loan.agreement?.terms;
    return (
      <Typography variant="body2" color="text.secondary">
        The schedule is fixed when the loan is disbursed.
        {terms ? ` Per the agreement: ${loan.type === 'EMI' ? `${terms.tenureMonths} instalments of ${money(Number(terms.instalmentAmount))}` : `one repayment of ${money(Number(terms.totalPayable))}`}.` : ''}
      </Typography>
    );
  }
  const total = (key: 'principal' | 'interest') => loan.schedule!.reduce((sum, line) => sum + line[key], 0);
  return (
    <Table size="small" aria-label="Repayment schedule">
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>Due</TableCell>
          <TableCell align="right">Principal</TableCell>
          <TableCell align="right">Interest</TableCell>
          <TableCell align="right">Instalment</TableCell>
          <TableCell align="right">Balance</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {loan.schedule.map((line) => (
          <TableRow key={line.number}>
            <TableCell>{line.number}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.dueDate)}</TableCell>
            <TableCell align="right">{money(line.principal)}</TableCell>
            <TableCell align="right">{money(line.interest)}</TableCell>
            <TableCell align="right">{money(line.principal + line.interest)}</TableCell>
            <TableCell align="right">{money(line.balance)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={2}>Total</TableCell>
          <TableCell align="right">{money(total('principal'))}</TableCell>
          <TableCell align="right">{money(total('interest'))}</TableCell>
          <TableCell align="right">{money(total('principal') + total('interest'))}</TableCell>
          <TableCell />
        </TableRow>
      </TableFooter>
    </Table>
  );
}
