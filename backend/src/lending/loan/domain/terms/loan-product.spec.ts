import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../../platform/config/product-settings.js';
import { given } from '../decider-spec.helper.js';
import { BORROWER, LOAN_ID, STAFF, historyTo } from '../loan-history.fixture.js';
import { DEFAULT_PRODUCT_IDS, defaultProductParameters, pinnedTerms, productProblems, type ProductParameters } from './loan-product.js';
import { InvalidLoanInput } from '../loan.errors.js';
import { replay } from '../loan.state.js';
import { decide } from '../loan.decide.js';

const NOW = '2026-02-01T10:00:00.000Z';
const EMI = defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'EMI');
const ADVANCE = defaultProductParameters(DEFAULT_PRODUCT_SETTINGS, 'salaryAdvance');
/** Version 3 of a cheaper EMI product with tighter bounds. */
const PROMO: ProductParameters = {
  ...EMI,
  productId: 'promo-id',
  productVersion: 3,
  code: 'promo',
  name: 'Promo',
  annualRatePercent: 12,
  processingFeePercent: 1,
  minAmount: 2_000_000,
  maxAmount: 3_000_000,
  minTenureMonths: 6,
  maxTenureMonths: 12,
};

const startEmi = (amount: number, tenureMonths: number) => ({
  type: 'StartLoanApplication' as const,
  data: { loanId: LOAN_ID, at: NOW, actor: BORROWER, borrowerId: BORROWER.id, loanType: 'EMI' as const, amount, tenureMonths },
});

describe('the default products', () => {
  it('are the settings, as version 1 under fixed ids', () => {
    expect(EMI).toMatchObject({
      productId: DEFAULT_PRODUCT_IDS.EMI,
      productVersion: 1,
      code: 'personal-loan',
      type: 'EMI',
      minAmount: 1_000_000,
      maxAmount: 50_000_000,
      annualRatePercent: 18,
      processingFeePercent: 2,
      defaultPayDayOfMonth: null,
    });
    expect(ADVANCE).toMatchObject({
      productId: DEFAULT_PRODUCT_IDS.salaryAdvance,
      productVersion: 1,
      code: 'salary-advance',
      minTenureMonths: 1,
      maxTenureMonths: 1,
      annualRatePercent: 0,
      processingFeePercent: 5,
      defaultPayDayOfMonth: 1,
      minDaysToRepayment: 7,
    });
  });

  it('pass their own rules', () => {
    expect(productProblems(EMI).all).toEqual([]);
    expect(productProblems(ADVANCE).all).toEqual([]);
  });
});

describe('product rules', () => {
  it('name a minimum above its maximum', () => {
    expect(productProblems({ ...EMI, minAmount: 5, maxAmount: 4, minTenureMonths: 12, maxTenureMonths: 6 }).all).toEqual([
      { name: 'minAmount', message: 'minAmount must not exceed maxAmount' },
      { name: 'minTenureMonths', message: 'minTenureMonths must not exceed maxTenureMonths' },
    ]);
  });

  it('give a salary advance a flat fee and pay-day rules instead of rate and tenure', () => {
    const names = productProblems({ ...ADVANCE, annualRatePercent: 10, maxTenureMonths: 3, defaultPayDayOfMonth: null }).all.map(
      (p) => p.name,
    );
    expect(names).toEqual(['maxTenureMonths', 'annualRatePercent', 'defaultPayDayOfMonth']);
    expect(productProblems({ ...EMI, defaultPayDayOfMonth: 5 }).all.map((p) => p.name)).toEqual(['defaultPayDayOfMonth']);
  });
});

describe('a loan under a product version', () => {
  it('starts at that version’s rate and fee, and records the version with a copy of its terms', () => {
    given([], PROMO)
      .when(startEmi(2_500_000, 6))
      .then([
        {
          type: 'LoanApplicationStarted',
          data: {
            loanId: LOAN_ID,
            at: NOW,
            actor: BORROWER,
            borrowerId: BORROWER.id,
            loanType: 'EMI',
            amount: 2_500_000,
            tenureMonths: 6,
            annualRatePercent: 12,
            fee: 25_000,
            productId: 'promo-id',
            productVersion: 3,
            productTerms: pinnedTerms(PROMO),
          },
        },
      ]);
  });

  it('is held to that version’s bounds', () => {
    const error = given([], PROMO).when(startEmi(1_000_000, 24)).thenThrows(InvalidLoanInput);
    expect(error.fields.map((f) => f.name)).toEqual(['amount', 'tenureMonths']);
  });

  it('cannot be started under a product of another type', () => {
    const error = given([], ADVANCE).when(startEmi(2_000_000, 6)).thenThrows(InvalidLoanInput);
    expect(error.fields).toEqual([{ name: 'productId', message: 'productId names a salaryAdvance product, not EMI' }]);
  });

  it('keeps its pinned terms in its state, whatever the product becomes', () => {
    const [started] = decide(startEmi(2_500_000, 6), { status: 'none' }, PROMO);
    const state = replay([started]);
    expect(state.status !== 'none' && state.product).toEqual({ id: 'promo-id', version: 3, terms: pinnedTerms(PROMO) });
    // A later amendment decided under the pinned version: its fee percent, not the default product's.
    const [amended] = decide(
      { type: 'AmendLoanApplication', data: { loanId: LOAN_ID, at: NOW, actor: BORROWER, amount: 3_000_000 } },
      state,
      PROMO,
    );
    expect(amended).toMatchObject({ type: 'LoanApplicationAmended', data: { amount: 3_000_000, fee: 30_000 } });
  });

  it('started before products were data has no product in its state', () => {
    const state = replay(historyTo('soft.pending', 'EMI'));
    expect(state.status !== 'none' && state.product).toBeUndefined();
    given(historyTo('soft.pending', 'EMI'))
      .when({ type: 'ApproveSoftCheck', data: { loanId: LOAN_ID, at: NOW, actor: STAFF, score: 700 } })
      .then([
        { type: 'SoftCheckApproved', data: { loanId: LOAN_ID, at: NOW, actor: STAFF, score: 700, approvedAmount: 1_200_000, fee: 24_000 } },
      ]);
  });
});
