/**
 * The loan products' limits, rates and fees: plain settings read from the environment (config.ts), with these
 * documented defaults, since the specification names none. The lending domain reads them as its ProductParameters.
 */
export type ProductSettings = {
  currency: string;
  EMI: {
    minAmount: number;
    maxAmount: number;
    minTenureMonths: number;
    maxTenureMonths: number;
    annualRatePercent: number;
    processingFeePercent: number;
  };
  salaryAdvance: {
    minAmount: number;
    maxAmount: number;
    feePercent: number;
    defaultPayDayOfMonth: number;
    minDaysToRepayment: number;
  };
};

export const DEFAULT_PRODUCT_SETTINGS: ProductSettings = {
  // Amounts below are in paise (1 INR = 100 paise).
  currency: 'INR',
  EMI: {
    // 10,000.00 INR
    minAmount: 1_000_000,
    // 5,00,000.00 INR
    maxAmount: 50_000_000,
    minTenureMonths: 3,
    maxTenureMonths: 36,
    // Nominal annual rate, reducing balance; monthly rate is this / 1200.
    annualRatePercent: 18,
    // One-off processing fee as a share of the principal.
    processingFeePercent: 2,
  },
  salaryAdvance: {
    // 5,000.00 INR
    minAmount: 500_000,
    // 1,00,000.00 INR
    maxAmount: 10_000_000,
    // Flat fee as a share of the principal; a salary advance charges no interest.
    feePercent: 5,
    // Used when the borrower does not name a pay day.
    defaultPayDayOfMonth: 1,
    // A pay day closer to the payout than this rolls to the following month.
    minDaysToRepayment: 7,
  },
};
