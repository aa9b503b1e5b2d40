import { z } from 'zod';
import type { JournalEntryView, TrialBalance } from '../application/accounting-reports.js';
import { ACCOUNT_TYPES } from '../domain/chart.js';

const money = z.number().int().describe('minor units (paise)');

export const accountSchema = z.object({
  id: z.string().optional().describe('the code (react-admin needs an id)'),
  code: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  parentCode: z.string().nullable(),
  active: z.boolean(),
  description: z.string(),
});

export const journalEntrySchema = z.object({
  id: z.string().describe('<event position>-<n>'),
  loanId: z.string(),
  eventPosition: z.number().int(),
  eventType: z.string(),
  valueDate: z.string(),
  kind: z.enum(['event', 'reallocation']),
  amount: money,
  lines: z.array(z.object({ account: z.string(), accountName: z.string(), debit: money, credit: money })),
});

export const trialBalanceSchema = z.object({
  asOf: z.string(),
  accounts: z.array(z.object({ code: z.string(), name: z.string(), type: z.enum(ACCOUNT_TYPES), debit: money, credit: money })),
  totals: z.object({ debit: money, credit: money }),
});

export const accountStatementSchema = z.object({
  account: accountSchema,
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening: money,
  lines: z.array(
    z.object({
      entryId: z.string(),
      valueDate: z.string(),
      loanId: z.string(),
      eventType: z.string(),
      debit: money,
      credit: money,
      balance: money,
    }),
  ),
  closing: money,
  truncated: z.boolean(),
});

export const reconciliationSchema = z.object({
  asOf: z.string(),
  loansReceivable: money,
  outstandingPrincipal: money,
  difference: money,
  loans: z.number().int(),
  mismatches: z.array(z.object({ loanId: z.string(), books: money, principal: money })),
});

/** Rupees with two decimals from paise (exact: integer arithmetic). */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is defused. */
function field(value: string): string {
  const safe = /^[=+\-@]/.test(value) && !/^-?[0-9.]+$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csv = (rows: string[][]) => rows.map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';

export function trialBalanceCsv(balance: TrialBalance): string {
  return csv([
    ['as of', balance.asOf, '', '', ''],
    ['code', 'name', 'type', 'debit', 'credit'],
    ...balance.accounts.map((a) => [a.code, a.name, a.type, rupees(a.debit), rupees(a.credit)]),
    ['', 'Total', '', rupees(balance.totals.debit), rupees(balance.totals.credit)],
  ]);
}

export function journalEntriesCsv(entries: readonly JournalEntryView[]): string {
  return csv([
    ['entry', 'value date', 'loan', 'event', 'kind', 'account', 'account name', 'debit', 'credit'],
    ...entries.flatMap((e) =>
      e.lines.map((l) => [e.id, e.valueDate, e.loanId, e.eventType, e.kind, l.account, l.accountName, rupees(l.debit), rupees(l.credit)]),
    ),
  ]);
}
