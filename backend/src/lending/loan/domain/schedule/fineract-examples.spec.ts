import { describe, expect, it } from '@jest/globals';
import { foreclosureQuote } from '../../../servicing/domain/foreclosure-quote.js';
import { serviceLoan } from './loan-servicing.js';
import { amortize } from './servicing-schedule.js';
import { given, paid, reversed } from './servicing-spec.helper.js';
import type { ServicingTerms } from './servicing.types.js';

// External checks: worked examples from Apache Fineract's end-to-end features
// (apache/fineract, fineract-e2e-tests-runner/src/test/resources/features/, commit 4198b0bc),
// kept where Fineract's rules and ours agree. Amounts there are in euros; here in cents.

/**
 * Fineract's "default Loan" (e2e LoanRequestFactory.defaultLoansRequest, product LP1):
 * 1,000 EUR, no interest, one repayment 30 days after the disbursal,
 * PENALTIES_FEES_INTEREST_PRINCIPAL_ORDER (mifos-standard-strategy).
 */
function defaultLoan(disbursedOn: string, firstDueDate: string): ServicingTerms {
  return {
    loanType: 'EMI',
    principal: 100_000,
    annualRatePercent: 0,
    months: 1,
    disbursedOn,
    firstDueDate,
    fee: 0,
    strategy: 'mifos-standard',
    prepaymentMode: 'reduceTenure',
  };
}

describe('Loan.feature', () => {
  describe('"As a user I would like to do multiple repayment, overpay the loan and reverse-replaying transactions and check outstanding balance"', () => {
    const terms = defaultLoan('2022-11-01', '2022-12-01');
    const repayments = [
      paid('r1', '2022-11-02', 50_000),
      paid('r2', '2022-11-03', 1_000),
      paid('r3', '2022-11-04', 40_000),
      paid('r4', '2022-11-05', 39_000),
    ];

    it('four repayments: the last overpays by 300', () => {
      given(terms)
        .when(...repayments)
        .then({
          status: 'closed',
          creditBalance: 30_000,
          ledger: [
            { type: 'disbursement' },
            { date: '2022-11-02', amount: 50_000, principal: 50_000, balanceAfter: 50_000 },
            { date: '2022-11-03', amount: 1_000, principal: 1_000, balanceAfter: 49_000 },
            { date: '2022-11-04', amount: 40_000, principal: 40_000, balanceAfter: 9_000 },
            { date: '2022-11-05', amount: 39_000, principal: 9_000, balanceAfter: 0, toCreditBalance: 30_000 },
          ],
        });
    });

    it('undo of the 10 EUR repayment: the later ones re-allocate, 290 overpaid', () => {
      given(terms, ...repayments)
        .when(reversed('r2', '2022-11-04'))
        .then({
          creditBalance: 29_000,
          ledger: [
            {},
            { id: 'r1', balanceAfter: 50_000 },
            { id: 'r2', reversedOn: '2022-11-04', principal: 0 },
            { id: 'r3', principal: 40_000, balanceAfter: 10_000 },
            { type: 'reversal', paymentId: 'r2' },
            { id: 'r4', principal: 10_000, balanceAfter: 0, toCreditBalance: 29_000 },
          ],
        });
    });

    it('undo of the 500 EUR one too: 210 outstanding; the same 500 back-dated again: 290 overpaid', () => {
      const undone = [...repayments, reversed('r2', '2022-11-04'), reversed('r1', '2022-11-04')];
      given(terms, ...undone)
        .when()
        .then({
          status: 'active',
          outstanding: { total: 21_000 },
          ledger: [
            {},
            { id: 'r1', reversedOn: '2022-11-04' },
            { id: 'r2', reversedOn: '2022-11-04' },
            { id: 'r3', principal: 40_000, balanceAfter: 60_000 },
            { type: 'reversal' },
            { type: 'reversal' },
            { id: 'r4', principal: 39_000, balanceAfter: 21_000 },
          ],
        });
      given(terms, ...undone)
        .when(paid('r5', '2022-11-02', 50_000))
        .then({ status: 'closed', creditBalance: 29_000 });
    });
  });

  it('"Verify that Loan status goes from active to overpaid in case of Backdated 3rd repayment when transaction amount is greater than balance"', () => {
    // Journal of the 5 January repayment: 150 to the loan, 100 to the overpayment account.
    given(defaultLoan('2023-01-01', '2023-01-31'), paid('r1', '2023-01-03', 45_000), paid('r2', '2023-01-05', 25_000))
      .when(paid('r3', '2023-01-02', 40_000))
      .then({
        status: 'closed',
        outstanding: { total: 0 },
        creditBalance: 10_000,
        ledger: [
          {},
          { id: 'r3', principal: 40_000 },
          { id: 'r1', principal: 45_000 },
          { id: 'r2', principal: 15_000, toCreditBalance: 10_000 },
        ],
      });
  });

  it('"Verify that Loan status goes from active to closed in case of Backdated 3rd repayment when transaction amount equals balance"', () => {
    given(defaultLoan('2023-01-01', '2023-01-31'), paid('r1', '2023-01-03', 45_000), paid('r2', '2023-01-05', 25_000))
      .when(paid('r3', '2023-01-02', 30_000))
      .then({ status: 'closed', closedOn: '2023-01-05', outstanding: { total: 0 }, creditBalance: 0 });
  });

  it('"Verify that Loan status goes from closed to active in case of 1st repayment is undone"', () => {
    given(
      defaultLoan('2023-01-01', '2023-01-31'),
      paid('r1', '2023-01-03', 20_000),
      paid('r2', '2023-01-05', 60_000),
      paid('r3', '2023-01-07', 20_000),
    )
      .when(reversed('r1', '2023-01-03'))
      .then({ status: 'active', closedOn: null, outstanding: { total: 20_000 } });
  });

  it('"Verify that closed date is updated on repayment reversal"', () => {
    given(defaultLoan('2023-06-01', '2023-07-01'), paid('r1', '2023-06-20', 100_000))
      .when(reversed('r1', '2023-06-20'))
      .then({ status: 'active', closedOn: null });
  });

  describe('"Early pay-off loan with interest, TILL_PRECLOSE product"', () => {
    // LP2_ADV_PYMNT_INTEREST_DAILY_EMI_360_30_INTEREST_RECALCULATION_TILL_PRECLOSE: 100 EUR at 7%
    // for 6 months from 1 January 2024. With 30/360 months its schedule is DESIGN §4's rule.
    // Differences we keep: Fineract's payoff leaves instalments 3–6 listed as paid in advance;
    // ours folds their principal into instalment 2 and drops them. Its strategy
    // (ADVANCED_PAYMENT_ALLOCATION) does not matter here: everything is paid.
    const terms: ServicingTerms = {
      loanType: 'EMI',
      principal: 10_000,
      annualRatePercent: 7,
      months: 6,
      disbursedOn: '2024-01-01',
      firstDueDate: '2024-02-01',
      fee: 0,
      strategy: 'mifos-standard',
      prepaymentMode: 'reduceTenure',
    };

    it('has the same repayment schedule', () => {
      const view = serviceLoan(terms, []);
      expect(view.instalmentAmount).toBe(1_701);
      expect(view.instalments.map((i) => [i.dueDate, i.principal, i.interest])).toEqual([
        ['2024-02-01', 1_643, 58],
        ['2024-03-01', 1_652, 49],
        ['2024-04-01', 1_662, 39],
        ['2024-05-01', 1_672, 29],
        ['2024-06-01', 1_681, 20],
        ['2024-07-01', 1_690, 10],
      ]);
      expect(view.outstanding.total).toBe(10_205);
    });

    it('pays instalment 1 on its date, then pays off on 15 February with 0.24 of interest', () => {
      const history = [paid('r1', '2024-02-01', 1_701)];
      // Instalment 2's 0.49 × 14 days of its 29 = 0.2366 → 0.24; payoff 83.57 + 0.24 = 83.81.
      expect(foreclosureQuote(terms, history, '2024-02-15')).toEqual({
        date: '2024-02-15',
        principal: 8_357,
        interest: 24,
        fees: 0,
        penalties: 0,
        total: 8_381,
      });
      given(terms, ...history)
        .when(paid('payoff', '2024-02-15', 8_381))
        .then({
          status: 'closed',
          closedOn: '2024-02-15',
          ledger: [
            { type: 'disbursement', amount: 10_000, balanceAfter: 10_000 },
            { date: '2024-02-01', amount: 1_701, principal: 1_643, interest: 58, balanceAfter: 8_357 },
            { date: '2024-02-15', amount: 8_381, principal: 8_357, interest: 24, balanceAfter: 0 },
          ],
        });
    });
  });
});

describe('LoanRepayment.feature', () => {
  it('"RS02 - Repayment Schedule with interest type: Declining Balance, interest period: Same as payment period, amortization type: Equal installments"', () => {
    // 5,000 EUR at 12% for 18 months. Fineract's product rounds the instalment to whole euros
    // (305.00; DESIGN §4's EMI would be 304.91), so this checks the reducing-balance rule given
    // that instalment: interest each month on what is owed, ties to even, the last takes the rest.
    expect(amortize(500_000, 12, 30_500, 18)).toEqual(
      [
        [25_500, 5_000],
        [25_755, 4_745],
        [26_013, 4_487],
        [26_273, 4_227],
        [26_535, 3_965],
        [26_801, 3_699],
        [27_069, 3_431],
        [27_339, 3_161],
        [27_613, 2_887],
        [27_889, 2_611],
        [28_168, 2_332],
        [28_450, 2_050],
        [28_734, 1_766],
        [29_021, 1_479],
        [29_312, 1_188],
        [29_605, 895],
        [29_901, 599],
        [30_022, 300],
      ].map(([principal, interest]) => ({ principal, interest })),
    );
  });
});
