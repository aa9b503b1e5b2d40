import { describe, expect, it } from 'vitest';
import type { Product } from '../../lending/products';
import { facts } from './RateTerms';

const emi: Product = {
  id: 'e',
  version: 1,
  code: 'personal-loan',
  name: 'Personal loan',
  type: 'EMI',
  currency: 'INR',
  minAmount: 1_000_000,
  maxAmount: 50_000_000,
  minTenureMonths: 3,
  maxTenureMonths: 36,
  annualRatePercent: 18,
  processingFeePercent: 2,
  graceDays: 0,
  penalChargeFlat: 0,
  prepaymentMode: 'reduceTenure',
  advancePayment: 'nextInstalments',
  mandateBounceCharge: 50_000,
  mandateRepresentations: 2,
  mandateRepresentAfterDays: 5,
  mandateRequired: false,
  defaultPayDayOfMonth: null,
  minDaysToRepayment: null,
};

describe('the rates page', () => {
  it("states the product's auto-debit bounce charge as a penal charge, or none", () => {
    expect(facts(emi).bounce).toBe('₹500.00 per auto-debit your bank returns unpaid (a penal charge, not interest)');
    expect(facts({ ...emi, mandateBounceCharge: 0 }).bounce).toBe('no charge');
  });
});
