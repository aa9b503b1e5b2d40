import { describe, expect, it } from 'vitest';
import type { LoanProductVersion } from '@lending/web-common/api';
import { fromMajor, toMajor } from './money';
import { productBody, validateProduct } from './ProductInputs';
import { changesBetween } from './ProductVersions';

const v1: LoanProductVersion = {
  id: 'p:1',
  productId: 'p',
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
  allocationStrategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
  advancePayment: 'nextInstalments',
  mandateBounceCharge: 50_000,
  mandateRepresentations: 2,
  mandateRepresentAfterDays: 5,
  mandateRequired: false,
  accountingRule: 'accrual',
  defaultPayDayOfMonth: null,
  minDaysToRepayment: null,
  requiredProfileSections: ['profile'],
  active: true,
  madeBy: 'system',
  madeAt: '2026-01-01T00:00:00Z',
};

describe('loan product forms', () => {
  it('show rupees and store paise', () => {
    expect(toMajor(1_000_000, 'INR')).toBe(10_000);
    expect(fromMajor('10000.5', 'INR')).toBe(1_000_050);
    expect(fromMajor('', 'INR')).toBeNull();
  });

  it('refuse a minimum above the maximum before asking the server', () => {
    expect(validateProduct({ type: 'EMI', minAmount: 5, maxAmount: 4, minTenureMonths: 12, maxTenureMonths: 6 })).toEqual({
      minAmount: 'Must not exceed the maximum amount',
      minTenureMonths: 'Must not exceed the maximum tenure',
    });
    expect(validateProduct({ type: 'EMI', minAmount: 4, maxAmount: 5 })).toEqual({});
  });

  it('send only the fields of the type, and on edit neither code nor type nor the read-only fields', () => {
    expect(
      productBody(
        { type: 'salaryAdvance', code: 'sa', annualRatePercent: 18, minTenureMonths: 3, maxTenureMonths: 36, defaultPayDayOfMonth: 1 },
        true,
      ),
    ).toEqual({ type: 'salaryAdvance', code: 'sa', defaultPayDayOfMonth: 1 });
    expect(productBody({ type: 'EMI', code: 'x', defaultPayDayOfMonth: 1, minDaysToRepayment: 7, annualRatePercent: 18 }, true)).toEqual({
      type: 'EMI',
      code: 'x',
      annualRatePercent: 18,
    });
    expect(productBody({ ...v1, id: 'p', version: 1, createdAt: 'x', updatedAt: 'y' }, false)).not.toHaveProperty('code');
    // The required profile sections go as ticked; left untouched on create, the server applies PROFILE_REQUIRED_SECTIONS.
    expect(productBody({ ...v1, id: 'p', version: 1 }, false)).toMatchObject({ requiredProfileSections: ['profile'] });
    expect(productBody({ type: 'EMI', code: 'x' }, true)).not.toHaveProperty('requiredProfileSections');
  });
});

describe('the version history', () => {
  it('says what each version changed, money in rupees', () => {
    expect(changesBetween(undefined, v1)).toEqual(['Created']);
    const v2 = { ...v1, version: 2, annualRatePercent: 16, maxAmount: 40_000_000, active: false };
    expect(changesBetween(v1, v2)).toEqual([
      'Maximum amount: ₹5,00,000.00 → ₹4,00,000.00',
      'Annual rate: 18 → 16',
      'Open for applications: yes → no',
    ]);
  });

  it('says what a version changed of the auto-debit settings, the bounce charge in rupees', () => {
    const v2 = { ...v1, version: 2, mandateBounceCharge: 30_000, mandateRepresentations: 1, mandateRequired: true };
    expect(changesBetween(v1, v2)).toEqual([
      'Auto-debit bounce charge: ₹500.00 → ₹300.00',
      'Auto-debit re-presentations: 2 → 1',
      'Mandate required before final approval: no → yes',
    ]);
  });

  it('says what a version changed of the accounting rule', () => {
    expect(changesBetween(v1, { ...v1, version: 2, accountingRule: 'cash' })).toEqual(['Accounting rule: accrual → cash']);
  });

  it('names the profile sections a version added or dropped, and an unchanged list not at all', () => {
    const v2: LoanProductVersion = { ...v1, version: 2, requiredProfileSections: ['profile', 'bank', 'selfie'] };
    expect(changesBetween(v1, v2)).toEqual(['Profile sections required: profile → profile, bank, selfie']);
    expect(changesBetween(v2, { ...v2, version: 3, requiredProfileSections: [] })).toEqual([
      'Profile sections required: profile, bank, selfie → none',
    ]);
    expect(changesBetween(v2, { ...v2, version: 3, requiredProfileSections: ['profile', 'bank', 'selfie'], name: 'Renamed' })).toEqual([
      'Name: Personal loan → Renamed',
    ]);
  });
});
