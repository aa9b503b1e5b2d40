import type { LoanType } from '../api/loans';

/**
 * The product's default parameters (backend/src/lending/domain/product-parameters.ts). They guide the sliders and
 * the calculator; the server checks the real, configured bounds and its `invalid-input` answer names the field.
 */
export const PRODUCTS = {
  EMI: { label: 'Personal loan (EMI)', minAmount: 1_000_000, maxAmount: 50_000_000, step: 500_000, minTenure: 3, maxTenure: 36, annualRatePercent: 18, feePercent: 2 },
  salaryAdvance: { label: 'Salary advance', minAmount: 500_000, maxAmount: 10_000_000, step: 100_000, minTenure: 1, maxTenure: 1, annualRatePercent: 0, feePercent: 5 },
} as const satisfies Record<LoanType, unknown>;

/** URL segment of /User/newLoan/{segment} for each loan type, and back. */
export const NEW_LOAN_SEGMENT: Record<LoanType, string> = { EMI: 'Emi', salaryAdvance: 'salaryAdvance' };
