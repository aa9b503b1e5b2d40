import { Chip, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import type { TableParts } from '@lending/web-common/loan-tables';
import type { InstalmentStatus } from '@lending/web-common/servicing';

/** Colours by status, which the server judges on the business date (docs/servicing.md, "Instalment status"). */
const STATUS_COLORS: Record<InstalmentStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  upcoming: 'default',
  due: 'warning',
  overdue: 'error',
  partial: 'info',
  paid: 'success',
  closed: 'default',
};

/** Read by screen readers only: the section's heading above the table already shows its name. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The console's look for web-common's loan tables: MUI's small table, outlined status chips, caption-sized notes. */
export const TABLE_PARTS: TableParts = {
  Table: ({ caption, testId, children }) => (
    <Table size="small" data-testid={testId}>
      <caption style={visuallyHidden}>{caption}</caption>
      {children}
    </Table>
  ),
  Head: ({ children }) => <TableHead>{children}</TableHead>,
  Body: ({ children }) => <TableBody>{children}</TableBody>,
  Foot: ({ children }) => <TableFooter>{children}</TableFooter>,
  Row: ({ data, children }) => <TableRow {...data}>{children}</TableRow>,
  HeaderCell: ({ numeric, children }) => <TableCell align={numeric ? 'right' : undefined}>{children}</TableCell>,
  Cell: ({ numeric, nowrap, colSpan, children }) => (
    <TableCell align={numeric ? 'right' : undefined} colSpan={colSpan} sx={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
      {children}
    </TableCell>
  ),
  Note: ({ code, children }) => (
    <Typography variant="caption" component="div" color="text.secondary" sx={code ? { fontFamily: 'monospace' } : undefined}>
      {children}
    </Typography>
  ),
  Status: ({ status, label }) => <Chip size="small" label={label} color={STATUS_COLORS[status] ?? 'default'} variant="outlined" />,
};
