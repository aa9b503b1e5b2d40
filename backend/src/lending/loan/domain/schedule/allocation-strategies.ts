import type { AllocationStrategyName, Amounts } from './servicing.types.js';
import { pay, payInstalment } from './working-instalment.js';
import type { WorkingInstalment } from './working-instalment.js';

/**
 * Splits a payment over the instalments that are due (oldest first) and answers what is
 * left. Only what is due goes through a strategy: beyond it every product does the same
 * (the instalment now running, then prepayment of principal).
 */
export type AllocateDue = (due: readonly WorkingInstalment[], amount: number, into: Amounts) => number;

/**
 * Apache Fineract's `mifos-standard-strategy` (FineractStyleLoanRepaymentScheduleTransactionProcessor):
 * instalment by instalment, oldest first; within each, penalties, fees, interest, principal.
 */
export const mifosStandard: AllocateDue = (due, amount, into) => due.reduce((rest, line) => payInstalment(line, rest, into), amount);

/**
 * Apache Fineract's `rbi-india-strategy` (RBILoanRepaymentScheduleTransactionProcessor, late
 * payments): penalties, fees and interest of every due instalment first (oldest first, in
 * that order within each), then their principal, oldest first.
 */
export const rbiIndia: AllocateDue = (due, amount, into) => {
  let rest = amount;
  for (const line of due) {
    rest = pay(line, 'penalties', rest, into);
    rest = pay(line, 'fees', rest, into);
    rest = pay(line, 'interest', rest, into);
  }
  for (const line of due) rest = pay(line, 'principal', rest, into);
  return rest;
};

export const ALLOCATE_DUE: Record<AllocationStrategyName, AllocateDue> = {
  'mifos-standard': mifosStandard,
  'rbi-india': rbiIndia,
};
