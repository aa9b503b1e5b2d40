/** The kinds of account: assets and expenses carry debit balances, liabilities, equity and income credit balances. */
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export type Account = { code: string; name: string; type: AccountType; parentCode: string | null; active: boolean; description: string };

/**
 * The accounts the loan book posts to (codes of the seeded chart, migrations 0042 and 0061). One mapping for every
 * product; a product version chooses its rule (none, cash, accrual) but not yet its own accounts (docs/accounting.md,
 * "What is left").
 */
export const LOAN_BOOK_ACCOUNTS = {
  bank: '1010',
  loansReceivable: '1100',
  interestReceivable: '1110',
  feesReceivable: '1120',
  penaltiesReceivable: '1130',
  suspense: '1900',
  creditBalances: '2100',
  interestInAdvance: '2110',
  provisions: '2200',
  interestIncome: '4100',
  feeIncome: '4200',
  penalIncome: '4300',
  recoveries: '4400',
  badDebts: '5100',
  settlementDiscount: '5200',
  provisionExpense: '5300',
} as const;

/** How a product version's loans are booked (migration 0061): not at all, interest when received, or accrued daily. */
export { ACCOUNTING_RULES, type AccountingRule } from '../../lending/public/loan-books.js';

export type LoanBookAccount = keyof typeof LOAN_BOOK_ACCOUNTS;

/** Debit balances are positive: assets and expenses normally are, the others normally negative. */
export function isDebitNature(type: AccountType): boolean {
  return type === 'asset' || type === 'expense';
}
