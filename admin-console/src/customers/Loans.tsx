import { formatDate, formatMoney } from '@lending/web-common/format';
import type { AdminCustomer } from '@lending/web-common/api';
import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { loanPath, STATE_LABELS } from '../loans/queues';

/** The customer's loans, newest first, each linking to its page in the pipeline. */
export function Loans({ customer }: { customer: AdminCustomer }) {
  if (customer.loans.length === 0) return <Typography color="text.secondary">No loans yet.</Typography>;
  return (
    <Table size="small" aria-label="Loans">
      <TableHead>
        <TableRow>
          <TableCell>Loan</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>State</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell align="right">Tenure</TableCell>
          <TableCell>Created</TableCell>
          <TableCell align="right">DPD</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {customer.loans.map((loan) => (
          <TableRow key={loan.id}>
            <TableCell>
              <Link component={RouterLink} to={loanPath({ id: loan.id, type: loan.type as 'EMI' | 'salaryAdvance', state: loan.state })}>
                {loan.id.slice(0, 8)}
              </Link>
            </TableCell>
            <TableCell>{loan.type === 'salaryAdvance' ? 'Salary advance' : loan.type}</TableCell>
            <TableCell>{STATE_LABELS[loan.state] ?? loan.state}</TableCell>
            <TableCell align="right">{formatMoney(loan.approvedAmount ?? loan.amount, customer.currency)}</TableCell>
            <TableCell align="right">{loan.tenureMonths} mo</TableCell>
            <TableCell>{formatDate(loan.createdAt)}</TableCell>
            <TableCell align="right">{loan.dpd}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
