import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { INSTALMENT_STATUS_LABELS, instalmentTotal, paidOn, type Instalment } from '@lending/web-common/servicing';

/** Colours by status, which the server judges on the business date (docs/servicing.md, "Instalment status"). */
const STATUS_COLORS: Record<string, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  upcoming: 'default',
  due: 'warning',
  overdue: 'error',
  partial: 'info',
  paid: 'success',
};

/** A component's amount, with what was paid of it underneath once something was. */
function Part({ due, paid, money }: { due: number; paid: number; money(minor: number): string }) {
  return (
    <TableCell align="right">
      {money(due)}
      {paid > 0 ? (
        <Typography variant="caption" component="div" color="text.secondary">
          paid {money(paid)}
        </Typography>
      ) : null}
    </TableCell>
  );
}

/**
 * The instalments as servicing left them: total, paid and status on the business date first (visible in a narrow
 * card), then each component with what was paid of it.
 */
export function Instalments({ instalments, currency }: { instalments: Instalment[]; currency: string }) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <Table size="small" aria-label="Instalments" data-testid="instalments">
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>Due</TableCell>
          <TableCell align="right">Total</TableCell>
          <TableCell align="right">Paid</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Principal</TableCell>
          <TableCell align="right">Interest</TableCell>
          <TableCell align="right">Fees</TableCell>
          <TableCell align="right">Penalties</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {instalments.map((line) => (
          <TableRow key={line.number} data-testid={`instalment-${line.number}`}>
            <TableCell>{line.number}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.dueDate)}</TableCell>
            <TableCell align="right">{money(instalmentTotal(line))}</TableCell>
            <TableCell align="right">{money(paidOn(line))}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Chip size="small" label={INSTALMENT_STATUS_LABELS[line.status] ?? line.status} color={STATUS_COLORS[line.status] ?? 'default'} variant="outlined" />
              {line.paidOn ? (
                <Typography variant="caption" component="div" color="text.secondary">
                  {formatDate(line.paidOn)}
                </Typography>
              ) : null}
            </TableCell>
            <Part due={line.principal} paid={line.paidPrincipal} money={money} />
            <Part due={line.interest} paid={line.paidInterest} money={money} />
            <Part due={line.fees} paid={line.paidFees} money={money} />
            <Part due={line.penalties} paid={line.paidPenalties} money={money} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
