import { describe, expect, it } from '@jest/globals';
import { emiFor, emiSchedule } from '../terms/emi-schedule.js';
import { amortize } from './servicing-schedule.js';

describe('amortize', () => {
  it('is emiSchedule when given the loan own EMI and tenure', () => {
    for (let i = 0; i < 200; i++) {
      const principal = 1 + ((i * 7_919_993) % 60_000_000);
      const annualRatePercent = (i % 41) * 0.75;
      const months = 1 + ((i * 37) % 120);
      const expected = emiSchedule({ principal, annualRatePercent, months }).schedule.map(({ principal, interest }) => ({
        principal,
        interest,
      }));
      const parts = amortize(principal, annualRatePercent, emiFor(principal, annualRatePercent, months), months);
      // emiSchedule lists trailing zero lines for tiny loans; amortize stops when nothing is owed.
      expect(parts).toEqual(expected.slice(0, parts.length));
      expect(expected.slice(parts.length).every((line) => line.principal === 0)).toBe(true);
    }
  });

  it('stops early when a lower balance is repaid by the same EMI, the last taking the rest', () => {
    const parts = amortize(500_000, 12, 100_000, 12);
    expect(parts.length).toBe(6);
    expect(parts.reduce((sum, part) => sum + part.principal, 0)).toBe(500_000);
    expect(parts.slice(0, -1).every((part) => part.principal + part.interest === 100_000)).toBe(true);
  });
});
