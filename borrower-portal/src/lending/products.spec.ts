import { describe, expect, it } from 'vitest';
import { amountStep, defaultProduct, suggestedAmount, suggestedMonths, type Product } from './products';

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
const advance: Product = {
  ...emi,
  id: 'a',
  type: 'salaryAdvance',
  minAmount: 500_000,
  maxAmount: 10_000_000,
  minTenureMonths: 1,
  maxTenureMonths: 1,
  annualRatePercent: 0,
  processingFeePercent: 5,
};

describe('products as the portal reads them', () => {
  it('default to the first open product of the type, as the server does', () => {
    expect(defaultProduct([emi, { ...emi, id: 'e2' }, advance], 'EMI')?.id).toBe('e');
    expect(defaultProduct([emi], 'salaryAdvance')).toBeNull();
    expect(defaultProduct(null, 'EMI')).toBeNull();
  });

  it('suggest an amount and a tenure inside the product’s bounds', () => {
    expect(suggestedAmount(emi)).toBe(10_000_000);
    expect(suggestedAmount({ ...emi, minAmount: 20_000_000 })).toBe(20_000_000);
    expect(suggestedMonths({ ...emi, maxTenureMonths: 6 })).toBe(6);
  });

  it('step the amount slider by about a hundredth of the range, in round figures', () => {
    expect(amountStep(emi)).toBe(500_000);
    expect(amountStep(advance)).toBe(100_000);
    expect(amountStep({ ...emi, minAmount: 100, maxAmount: 200 })).toBe(100);
  });
});
