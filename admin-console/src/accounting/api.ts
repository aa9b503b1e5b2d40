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
export type JournalLine = { account: string; accountName: string; debit: number; credit: number };
export type JournalEntry = {
  id: string;
  loanId: string;
  eventPosition: number;
  eventType: string;
  valueDate: string;
  kind: 'event' | 'reallocation';
  amount: number;
  lines: JournalLine[];
};
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

export const accountingApi = {
  trialBalance: (asOf: string) => get<TrialBalance>(`accounting/trial-balance?asOf=${encodeURIComponent(asOf)}`),
  reconciliation: (asOf: string) => get<Reconciliation>(`accounting/reconciliation?asOf=${encodeURIComponent(asOf)}`),
  loanJournal: (loanId: string) => get<JournalEntry[]>(`loans/${encodeURIComponent(loanId)}/journal`),
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
