import type { AccountingPeriods, ManualEntry, PeriodClose } from '@lending/web-common/api';
import { parseAmount } from '@lending/web-common/format';
import { ADMIN_API } from '../providers/dataProvider';
import { fetchBlob, httpClient } from '../providers/http';

/** The books' answers (docs/accounting.md; backend/src/accounting/http/accounting.schemas.ts). Money in minor units. */
export type AccountType = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
export type Account = {
  id?: string;
  code: string;
  name: string;
  type: AccountType;
  parentCode: string | null;
  active: boolean;
  description: string;
};
/**
 * What made an entry: a loan event on its own date, a back-dated event's re-allocation on a later date, an approved
 * manual entry, or close of business (the day's interest accrual and the change in provisions).
 */
export const JOURNAL_ENTRY_KINDS = ['event', 'reallocation', 'manual', 'close-of-business'] as const;
export type JournalEntryKind = (typeof JOURNAL_ENTRY_KINDS)[number];

/** How the journal screens name an entry by its kind and event. */
export function entrySource(entry: Pick<JournalEntry, 'kind' | 'eventType'>): string {
  switch (entry.kind) {
    case 'reallocation':
      return `${entry.eventType} (re-allocation)`;
    case 'close-of-business':
      return 'Close of business (accrual, provisions)';
    default:
      return entry.eventType;
  }
}

export type JournalLine = { account: string; accountName: string; debit: number; credit: number };
export type JournalEntry = {
  id: string;
  /** null for a manual entry. */
  loanId: string | null;
  eventPosition: number;
  eventType: string;
  valueDate: string;
  kind: JournalEntryKind;
  amount: number;
  narration: string | null;
  /** A loan event dated in a closed period: its own date (valueDate is the first open day). */
  originalValueDate: string | null;
  lines: JournalLine[];
};
export type { ManualEntry, PeriodClose, AccountingPeriods as Periods } from '@lending/web-common/api';
export type TrialBalance = {
  asOf: string;
  accounts: { code: string; name: string; type: AccountType; debit: number; credit: number }[];
  totals: { debit: number; credit: number };
};
export type Reconciliation = {
  asOf: string;
  loansReceivable: number;
  outstandingPrincipal: number;
  difference: number;
  loans: number;
  mismatches: { loanId: string; books: number; principal: number }[];
};

const get = async <T>(path: string): Promise<T> => (await httpClient(`${ADMIN_API}/${path}`)).json as T;
const post = async <T>(path: string, body: unknown = {}): Promise<T> =>
  (await httpClient(`${ADMIN_API}/${path}`, { method: 'POST', body: JSON.stringify(body) })).json as T;

export const accountingApi = {
  trialBalance: (asOf: string) => get<TrialBalance>(`accounting/trial-balance?asOf=${encodeURIComponent(asOf)}`),
  reconciliation: (asOf: string) => get<Reconciliation>(`accounting/reconciliation?asOf=${encodeURIComponent(asOf)}`),
  loanJournal: (loanId: string) => get<JournalEntry[]>(`loans/${encodeURIComponent(loanId)}/journal`),
  /** The checker's decision on a manual entry someone else proposed (accounting.post). */
  decideManualEntry: (id: string, decision: 'approve' | 'reject', reason?: string) =>
    post<ManualEntry>(`accounting/manual-entries/${encodeURIComponent(id)}/${decision}`, decision === 'reject' ? { reason } : {}),
  periods: () => get<AccountingPeriods>('accounting/periods'),
  periodCloses: () => get<PeriodClose[]>('accounting/period-closes?range=[0,99]'),
  /** Asks for every date up to the end of `month` (YYYY-MM) to be closed (accounting.close); a second person approves. */
  requestClose: (month: string) => post<PeriodClose>('accounting/period-closes', { month }),
  decideClose: (id: string, decision: 'approve' | 'reject', reason?: string) =>
    post<PeriodClose>(`accounting/period-closes/${encodeURIComponent(id)}/${decision}`, decision === 'reject' ? { reason } : {}),
  /** Downloads a CSV export (trial balance or journal entries) under its server-given name. */
  async download(path: string, fallbackName: string): Promise<void> {
    const { blob, filename } = await fetchBlob(`${ADMIN_API}/${path}`);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename ?? fallbackName;
    link.click();
    URL.revokeObjectURL(url);
  },
};

/** Today's date (YYYY-MM-DD) in the browser's zone: the default of the as-of pickers. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Rupees as typed in a form ("1,234.50") to paise (web-common's parseAmount); 0 when empty, NaN when not an amount. */
export function paiseOf(rupees: unknown): number {
  if (rupees === undefined || rupees === null || rupees === '') return 0;
  return parseAmount(String(rupees).trim(), 'INR') ?? Number.NaN;
}

export type DraftLine = { accountCode?: string; debit?: unknown; credit?: unknown };

/** The lines editor's totals in paise, and whether the entry may be sent: two lines or more, balanced, each one side. */
export function draftTotals(lines: readonly DraftLine[] | undefined): { debit: number; credit: number; problem: string | null } {
  const rows = lines ?? [];
  let debit = 0;
  let credit = 0;
  for (const [i, line] of rows.entries()) {
    const d = paiseOf(line.debit);
    const c = paiseOf(line.credit);
    if (Number.isNaN(d) || Number.isNaN(c)) return { debit, credit, problem: `Line ${i + 1}: an amount in rupees, at most two decimals` };
    if (d > 0 === c > 0) return { debit, credit, problem: `Line ${i + 1}: a debit or a credit, not both or neither` };
    if (!line.accountCode) return { debit, credit, problem: `Line ${i + 1}: choose an account` };
    debit += d;
    credit += c;
  }
  if (rows.length < 2) return { debit, credit, problem: 'An entry has at least two lines' };
  if (debit !== credit) return { debit, credit, problem: 'Debits and credits differ' };
  return { debit, credit, problem: null };
}
