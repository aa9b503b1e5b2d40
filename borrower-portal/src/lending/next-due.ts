import { amountDue, type AmountDue } from '@lending/web-common/servicing';
import type { Loan } from '../api/loans';

/** Of the borrower's active loans, the one whose payment comes first, with what is due on it. */
export function nextAmountDue(loans: readonly Loan[], today: string): { loan: Loan; due: AmountDue } | null {
  let first: { loan: Loan; due: AmountDue } | null = null;
  for (const loan of loans) {
    if (loan.state !== 'active' || !loan.instalments) continue;
    const due = amountDue(loan.instalments, today);
    if (due && (!first || due.dueDate < first.due.dueDate)) first = { loan, due };
  }
  return first;
}
