import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { formatMoney } from '@lending/web-common/format';
import { DEFAULT_CURRENCY } from '../loans/labels';
import type { JournalLine } from './api';

const money = (minor: number) => (minor === 0 ? '' : formatMoney(minor, DEFAULT_CURRENCY));

/** An entry's lines: account, debit, credit (debits first, as the server orders them by account). */
export function JournalLines({ lines, caption }: { lines: JournalLine[]; caption: string }) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>Account</TableCell>
          <TableCell align="right">Debit</TableCell>
          <TableCell align="right">Credit</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.account}>
            <TableCell sx={{ pl: line.credit > 0 ? 4 : undefined }}>
              {line.account} {line.accountName}
            </TableCell>
            <TableCell align="right">{money(line.debit)}</TableCell>
            <TableCell align="right">{money(line.credit)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
