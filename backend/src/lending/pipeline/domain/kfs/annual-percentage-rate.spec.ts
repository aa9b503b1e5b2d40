import { describe, expect, it } from '@jest/globals';
import { InvalidLoanInput } from '../../../loan/domain/loan.errors.js';
import { annualPercentageRateBasisPoints, formatBasisPoints } from './annual-percentage-rate.js';

describe('annualPercentageRateBasisPoints (RBI/2024-25/18, Annex B)', () => {
  it("gives the circular's illustration: 1,00,000 sanctioned, 12 monthly EPIs of 8,885, fees 12,000, net disbursed 88,000", () => {
    // Given Annex B of the circular of 15 April 2024: sanctioned ₹1,00,000 at 12 % fixed for one year, 12 monthly EPIs
    // of ₹8,885 starting one month after sanction (total interest ₹6,619, total paid ₹1,06,619), fees ₹12,000
    // (₹10,000 to the RE, ₹2,000 to third parties through it), so the net disbursed amount is ₹88,000.
    const input = { netDisbursed: 88_000_00, instalments: Array<number>(12).fill(8_885_00) };
    // When the APR is computed on the net disbursed amount by the IRR approach, reducing balance (monthly IRR × 12)
    const bp = annualPercentageRateBasisPoints(input);
    // Then the monthly IRR is 3.0839 % and the APR 37.01 % a year (the fees lift it from the 12 % contract rate).
    expect(bp).toBe(3701);
    expect(formatBasisPoints(bp)).toBe('37.01');
  });

  it('equals the contract rate when no fee is charged (₹1,00,000 at 12 % for 12 months, EMI ₹8,884.88)', () => {
    // Given the unrounded EMI of 888,487.88 paise, the instalments rounded to the paisa cannot move the rate by 0.005 %
    expect(annualPercentageRateBasisPoints({ netDisbursed: 10_000_000, instalments: Array<number>(12).fill(888_488) })).toBe(1200);
  });

  it('counts a fee owed with instalment 1 (2 % processing fee on the same loan)', () => {
    // Given 12 EMIs of 888,488 paise and a 2,000.00 fee added to the first: the APR is above 12 % and below the
    // rate of the same fee deducted up front (which costs the borrower the whole month's use of it)
    const withFirst = annualPercentageRateBasisPoints({
      netDisbursed: 10_000_000,
      instalments: [888_488 + 200_000, ...Array<number>(11).fill(888_488)],
    });
    const deducted = annualPercentageRateBasisPoints({ netDisbursed: 9_800_000, instalments: Array<number>(12).fill(888_488) });
    expect(withFirst).toBeGreaterThan(1200);
    expect(withFirst).toBeLessThan(deducted);
    expect(withFirst).toBe(1580);
    expect(deducted).toBe(1585);
  });

  it('annualises a one-month bullet as 12 × the month: 10,000 repaid with a 2 % fee is 24 %', () => {
    expect(annualPercentageRateBasisPoints({ netDisbursed: 1_000_000, instalments: [1_020_000] })).toBe(2400);
  });

  it('is 0 when nothing above the amount received is repaid', () => {
    expect(annualPercentageRateBasisPoints({ netDisbursed: 1_200_000, instalments: Array<number>(12).fill(100_000) })).toBe(0);
  });

  it.each([
    [{ netDisbursed: 0, instalments: [1] }, 'netDisbursed'],
    [{ netDisbursed: 1.5, instalments: [1] }, 'netDisbursed'],
    [{ netDisbursed: 100, instalments: [] }, 'instalments'],
    [{ netDisbursed: 100, instalments: [10.5] }, 'instalments'],
  ])('refuses %p naming %s', (input, field) => {
    let thrown: unknown;
    try {
      annualPercentageRateBasisPoints(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidLoanInput);
    expect((thrown as InvalidLoanInput).fields.map((f) => f.name)).toEqual([field]);
  });
});
