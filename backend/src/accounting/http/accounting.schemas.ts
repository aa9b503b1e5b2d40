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
  loanId: z.string().nullable().describe('null for a manual entry'),
  eventPosition: z.number().int(),
  eventType: z.string(),
  valueDate: z.string(),
  kind: z.enum(['event', 'reallocation', 'manual', 'close-of-business']),
  amount: money,
  narration: z.string().nullable().describe("a manual entry's narration"),
  originalValueDate: z.string().nullable().describe('the event’s own date when it fell in a closed period (valueDate: the first open day)'),
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
      loanId: z.string().nullable(),
      eventType: z.string(),
      debit: money,
      credit: money,
      balance: money,
    }),
  ),
  closing: money,
  truncated: z.boolean(),
});

const manualLine = z.strictObject({
  accountCode: z.string().regex(/^[0-9]{1,10}$/, 'accountCode must be an account code'),
  debit: z.number().int('debit must be a whole number of paise').default(0).describe('minor units (paise); 0 when a credit'),
  credit: z.number().int('credit must be a whole number of paise').default(0).describe('minor units (paise); 0 when a debit'),
});

/** What a maker proposes; the books' own rules (balance, accounts, closed periods) are the domain's (manual-entry.ts). */
export const manualEntryBody = z.strictObject({
  date: z.iso.date('date must be a date (YYYY-MM-DD)'),
  narration: z.string().trim().min(1, 'narration: say what the entry is for').max(500, 'narration: at most 500 characters'),
  lines: z.array(manualLine, 'lines must be a list of lines').max(100, 'lines: at most 100'),
});

export const reasonBody = z.strictObject({
  reason: z.string().trim().min(1, 'reason: say why').max(500, 'reason: at most 500 characters'),
});

export const closeRequestBody = z.strictObject({
  month: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'month must be a month (YYYY-MM)'),
});

export const manualEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  narration: z.string(),
  lines: z.array(z.object({ accountCode: z.string(), debit: money, credit: money })),
  amount: money,
  status: z.enum(['proposed', 'approved', 'rejected']),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});

export const periodCloseSchema = z.object({
  id: z.string(),
  through: z.string().describe('the last date the close closes (the end of a month)'),
  status: z.enum(['requested', 'closed', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});

export const periodsSchema = z.object({
  closedThrough: z.string().nullable().describe('the last closed date; null while nothing is closed'),
  pending: z.object({ requestId: z.string(), through: z.string(), by: z.string() }).nullable(),
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
      e.lines.map((l) => [
        e.id,
        e.valueDate,
        e.loanId ?? '',
        e.eventType,
        e.kind,
        l.account,
        l.accountName,
        rupees(l.debit),
        rupees(l.credit),
      ]),
    ),
  ]);
}
