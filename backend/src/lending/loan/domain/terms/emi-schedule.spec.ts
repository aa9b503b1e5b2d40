import { describe, expect, it } from '@jest/globals';
import { addMonths, daysBetween } from '../calendar.js';
import { emiFor, emiSchedule } from './emi-schedule.js';
import { InvalidLoanInput } from '../loan.errors.js';
import type { ScheduleLine } from '../loan.types.js';

const sum = (lines: ScheduleLine[], key: 'principal' | 'interest') => lines.reduce((total, line) => total + line[key], 0);

describe('emiFor', () => {
  it('matches a case worked by hand', () => {
    // 1,00,000.00 INR at 12% for 12 months: r = 0.01, 1.01^12 = 1.12682503,
    // EMI = 10,000,000 × 0.01 × 1.12682503 / 0.12682503 = 888,487.88 → 888,488 paise.
    expect(emiFor(10_000_000, 12, 12)).toBe(888_488);
  });

  it('divides the principal evenly at a zero rate, ties to even', () => {
    expect(emiFor(1_200_000, 0, 12)).toBe(100_000);
    expect(emiFor(5, 0, 2)).toBe(2);
    expect(emiFor(7, 0, 2)).toBe(4);
  });

  it('is the principal plus one month of interest for one month', () => {
    expect(emiFor(1_000_000, 18, 1)).toBe(1_015_000);
  });

  it.each([
    [{ principal: 0, rate: 12, months: 12 }, 'principal'],
    [{ principal: 1.5, rate: 12, months: 12 }, 'principal'],
    [{ principal: 1000, rate: -1, months: 12 }, 'annualRatePercent'],
    [{ principal: 1000, rate: 101, months: 12 }, 'annualRatePercent'],
    [{ principal: 1000, rate: 12, months: 0 }, 'months'],
    [{ principal: 1000, rate: 12, months: 601 }, 'months'],
    [{ principal: 1000, rate: 12, months: 2.5 }, 'months'],
  ])('refuses %p on field %s', ({ principal, rate, months }, field) => {
    let thrown: unknown;
    try {
      emiFor(principal, rate, months);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidLoanInput);
    expect((thrown as InvalidLoanInput).fields.map((f) => f.name)).toEqual([field]);
  });
});

describe('emiSchedule', () => {
  it('lists the hand-worked case: 1,00,000.00 at 12% for 12 months', () => {
    const result = emiSchedule({ principal: 10_000_000, annualRatePercent: 12, months: 12 });
    expect(result.emi).toBe(888_488);
    // First month: interest 10,000,000 × 0.01 = 100,000, principal 888,488 − 100,000.
    expect(result.schedule[0]).toEqual({
      number: 1,
      dueDate: '',
      principal: 788_488,
      interest: 100_000,
      balance: 9_211_512,
    });
    // Last month: 879,688 left; interest 8,796.88 → 8,797; it repays exactly what is left.
    expect(result.schedule[11]).toEqual({
      number: 12,
      dueDate: '',
      principal: 879_688,
      interest: 8_797,
      balance: 0,
    });
    expect(result.totalInterest).toBe(661_853);
    expect(result.totalPayable).toBe(10_661_853);
    expect(sum(result.schedule, 'principal')).toBe(10_000_000);
  });

  it('repays exactly the principal, never goes below zero, for many loans', () => {
    for (let i = 0; i < 300; i++) {
      // A deterministic spread: odd principals, fractional rates, short and long tenures.
      const principal = 1 + ((i * 7_919_993) % 60_000_000);
      const annualRatePercent = (i % 41) * 0.75;
      const months = 1 + ((i * 37) % 120);
      const { emi, schedule, totalInterest, totalPayable } = emiSchedule({
        principal,
        annualRatePercent,
        months,
      });
      expect(schedule).toHaveLength(months);
      expect(sum(schedule, 'principal')).toBe(principal);
      expect(sum(schedule, 'interest')).toBe(totalInterest);
      expect(totalPayable).toBe(principal + totalInterest);
      expect(schedule[months - 1]!.balance).toBe(0);
      let previousBalance = principal;
      for (const line of schedule) {
        expect(line.principal).toBeGreaterThanOrEqual(0);
        expect(line.balance).toBeGreaterThanOrEqual(0);
        expect(line.balance).toBe(previousBalance - line.principal);
        if (line.number < months) expect(line.principal + line.interest).toBeLessThanOrEqual(emi);
        previousBalance = line.balance;
      }
    }
  });

  it('charges no interest at a zero rate and puts the remainder on the last instalment', () => {
    const { emi, schedule, totalInterest } = emiSchedule({
      principal: 1_000_000,
      annualRatePercent: 0,
      months: 3,
    });
    // 333,333.33 → 333,333; the last one repays 333,334.
    expect(emi).toBe(333_333);
    expect(totalInterest).toBe(0);
    expect(schedule.map((line) => [line.principal, line.interest, line.balance])).toEqual([
      [333_333, 0, 666_667],
      [333_333, 0, 333_334],
      [333_334, 0, 0],
    ]);
  });

  it('repays everything in one instalment for one month', () => {
    expect(emiSchedule({ principal: 1_000_000, annualRatePercent: 18, months: 1 })).toEqual({
      emi: 1_015_000,
      totalInterest: 15_000,
      totalPayable: 1_015_000,
      schedule: [{ number: 1, dueDate: '', principal: 1_000_000, interest: 15_000, balance: 0 }],
    });
  });

  it('stops repaying once a tiny loan is repaid by rounded-up instalments', () => {
    // 9 over 6 months at 0%: 1.5 → EMI 2, which would repay 10 in five instalments.
    const { schedule } = emiSchedule({ principal: 9, annualRatePercent: 0, months: 6 });
    expect(schedule.map((line) => line.principal)).toEqual([2, 2, 2, 2, 1, 0]);
    expect(schedule.map((line) => line.balance)).toEqual([7, 5, 3, 1, 0, 0]);
  });

  it('rounds each month of interest half to even', () => {
    // 150 at 12%: interest 1.5 → 2; then balance 100: interest 1.0. EMI = 77.
    // Balance 50 at 12%: interest 0.5 → 0 (even).
    const first = emiSchedule({ principal: 150, annualRatePercent: 12, months: 2 });
    expect(first.schedule[0]!.interest).toBe(2);
    const second = emiSchedule({ principal: 50, annualRatePercent: 12, months: 1 });
    expect(second.schedule[0]!.interest).toBe(0);
    const third = emiSchedule({ principal: 250, annualRatePercent: 12, months: 1 });
    expect(third.schedule[0]!.interest).toBe(2);
  });

  it('dates instalments monthly from the first due date, kept on the anchor day', () => {
    const { schedule } = emiSchedule({
      principal: 1_000_000,
      annualRatePercent: 18,
      months: 5,
      firstDueDate: '2028-01-31',
    });
    expect(schedule.map((line) => line.dueDate)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']);
  });

  it('keeps a given anchor day when the first due date is already clamped', () => {
    const { schedule } = emiSchedule({
      principal: 1_000_000,
      annualRatePercent: 18,
      months: 3,
      firstDueDate: '2026-02-28',
      anchorDay: 31,
    });
    expect(schedule.map((line) => line.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('refuses a malformed first due date', () => {
    expect(() => emiSchedule({ principal: 1000, annualRatePercent: 12, months: 2, firstDueDate: '2026-02-30' })).toThrow(InvalidLoanInput);
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-15', 1, undefined, '2026-02-15'],
    ['2026-01-31', 1, undefined, '2026-02-28'],
    ['2028-01-31', 1, undefined, '2028-02-29'],
    ['2026-02-28', 1, 31, '2026-03-31'],
    ['2026-11-30', 3, undefined, '2027-02-28'],
    ['2026-12-31', 12, undefined, '2027-12-31'],
    ['2026-03-31', -1, undefined, '2026-02-28'],
    ['2026-05-10', 0, 3, '2026-05-03'],
  ])('%s + %p months (anchor %p) is %s', (date, months, anchor, expected) => {
    expect(addMonths(date, months, anchor)).toBe(expected);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => addMonths('2026-13-01', 1)).toThrow(RangeError);
    expect(() => addMonths('1 March 2026', 1)).toThrow(RangeError);
  });

  it('counts days across months and leap days', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-03-05', '2026-03-01')).toBe(-4);
  });
});
