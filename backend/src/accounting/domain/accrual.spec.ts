import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { accruedInPeriod, accruedThrough, dailyAccruals, type AccrualPeriod } from './accrual.js';

// Instalment 1 of 1,00,000.00 at 12 % paid out 15 Jan 2026: 1,000.00 interest over the 31 days to 15 Feb.
const FIRST: AccrualPeriod = { from: '2026-01-15', to: '2026-02-15', interest: 100_000 };
const SECOND: AccrualPeriod = { from: '2026-02-15', to: '2026-03-15', interest: 92_115 };

describe('the accrual splitter', () => {
  it('given 1,000.00 over 31 days, when split by day, then the days carry the rounding and sum to 1,000.00', () => {
    const days = dailyAccruals(FIRST);
    expect(days).toHaveLength(31);
    expect(days.slice(0, 3)).toEqual([
      { date: '2026-01-16', amount: 3_225 },
      { date: '2026-01-17', amount: 3_226 },
      { date: '2026-01-18', amount: 3_226 },
    ]);
    expect(days.at(-1)).toEqual({ date: '2026-02-15', amount: 3_226 });
    expect(days.reduce((sum, d) => sum + d.amount, 0)).toBe(100_000);
  });

  it('given a period, when asked before it starts, on its first day, at its end and after, then 0, a day, all, all', () => {
    expect(accruedInPeriod(FIRST, '2026-01-10')).toBe(0);
    expect(accruedInPeriod(FIRST, '2026-01-15')).toBe(0);
    expect(accruedInPeriod(FIRST, '2026-01-16')).toBe(3_225);
    expect(accruedInPeriod(FIRST, '2026-02-14')).toBe(96_774);
    expect(accruedInPeriod(FIRST, '2026-02-15')).toBe(100_000);
    expect(accruedInPeriod(FIRST, '2026-06-01')).toBe(100_000);
  });

  it('given two periods, when accrued through a day of the second, then the first in full and the days of the second', () => {
    expect(accruedThrough([FIRST, SECOND], '2026-02-16')).toBe(100_000 + Math.floor(92_115 / 28));
    expect(accruedThrough([FIRST, SECOND], null)).toBe(0);
  });

  it('given no interest (a salary advance), then nothing accrues', () => {
    expect(dailyAccruals({ from: '2026-01-01', to: '2026-01-31', interest: 0 }).every((d) => d.amount === 0)).toBe(true);
  });

  it('property: the daily accruals of any period sum to its interest, none negative, none more than a day’s share rounded up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 400 }),
        (interest, start, length) => {
          const from = start.toISOString().slice(0, 10);
          const to = new Date(start.getTime() + length * 86_400_000).toISOString().slice(0, 10);
          const days = dailyAccruals({ from, to, interest });
          expect(days).toHaveLength(length);
          expect(days.reduce((sum, d) => sum + d.amount, 0)).toBe(interest);
          for (const day of days) {
            expect(day.amount).toBeGreaterThanOrEqual(0);
            expect(day.amount).toBeLessThanOrEqual(Math.ceil(interest / length));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
