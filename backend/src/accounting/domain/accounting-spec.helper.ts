import type { LoanBookTerms } from '../../lending/public/loan-books.js';
import type { ProvisionRates } from './provisions.js';

/**
 * The loan the books' specs post: 1,00,000.00 at 12 % for 12 months paid out on 15 Jan 2026 with a 2,000.00
 * processing fee: EMI 8,884.88; instalment 1 (15 Feb) is 7,884.88 principal + 1,000.00 interest (earned over 31 days)
 * + the 2,000.00 fee.
 */
export const BOOK_LOAN_TERMS: LoanBookTerms = {
  loanType: 'EMI',
  principal: 10_000_000,
  annualRatePercent: 12,
  months: 12,
  disbursedOn: '2026-01-15',
  firstDueDate: '2026-02-15',
  fee: 200_000,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};

/** RBI's provisioning rates (basis points of the principal outstanding), as migration 0061 seeds them. */
export const RBI_PROVISION_RATES: ProvisionRates = {
  standard: 40,
  'sub-standard': 1_500,
  'doubtful-1': 2_500,
  'doubtful-2': 4_000,
  'doubtful-3': 10_000,
  loss: 10_000,
};
