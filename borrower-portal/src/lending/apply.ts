import type { LoanType } from '../api/loans';
import { NEW_LOAN_SEGMENT } from './products';

/**
 * Where "Apply" leads: a signed-in borrower starts the application of that type; a visitor starts quick start, whose
 * phone step begins the account and whose loan step chooses the type.
 */
export function applyPath(signedIn: boolean, type: LoanType): string {
  return signedIn ? `/User/newLoan/${NEW_LOAN_SEGMENT[type]}` : '/quickStart';
}
