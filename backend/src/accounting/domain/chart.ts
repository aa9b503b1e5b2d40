/** The kinds of account: assets and expenses carry debit balances, liabilities, equity and income credit balances. */
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export type Account = { code: string; name: string; type: AccountType; parentCode: string | null; active: boolean; description: string };

/**
 * The accounts the loan book posts to (codes of the seeded chart, migration 0042). Today one mapping for every
 * product; a product version choosing its own accounts and its rule (none, cash, accrual) is still to come
 * (docs/accounting.md, "What is left").
 */
export const LOAN_BOOK_ACCOUNTS = {
  bank: '1010',
  loansReceivable: '1100',
  interestReceivable: '1110',
  feesReceivable: '1120',
  penaltiesReceivable: '1130',
  suspense: '1900',
  creditBalances: '2100',
  interestIncome: '4100',
  feeIncome: '4200',
  penalIncome: '4300',
  recoveries: '4400',
  badDebts: '5100',
  settlementDiscount: '5200',
} as const;

export type LoanBookAccount = keyof typeof LOAN_BOOK_ACCOUNTS;

/** Debit balances are positive: assets and expenses normally are, the others normally negative. */
export function isDebitNature(type: AccountType): boolean {
  return type === 'asset' || type === 'expense';
}
