import { describe, expect, it } from '@jest/globals';
import { InvalidLoanInput } from '../loan.errors.js';
import { salaryAdvanceRepayment } from './salary-advance.js';

const advance = { principal: 2_000_000, fee: 100_000, minDaysToRepayment: 7 };

describe('salaryAdvanceRepayment', () => {
  it('is one line: the principal, the fee in the interest column, nothing left after', () => {
    expect(salaryAdvanceRepayment({ ...advance, disbursedOn: '2026-03-01', payDayOfMonth: 20 })).toEqual([
      { number: 1, dueDate: '2026-03-20', principal: 2_000_000, interest: 100_000, balance: 0 },
    ]);
  });

  it.each([
    // pay day far enough ahead this month
    ['2026-03-01', 10, '2026-03-10'],
    // exactly the minimum counts
    ['2026-03-01', 8, '2026-03-08'],
    // too close: rolls to next month
    ['2026-03-01', 5, '2026-04-05'],
    // already past this month
    ['2026-03-20', 10, '2026-04-10'],
    // past this month and too close next month: two months ahead
    ['2026-03-28', 1, '2026-05-01'],
    // year end
    ['2026-12-29', 3, '2027-02-03'],
    // pay day 31 clamps to the month's end
    ['2026-02-01', 31, '2026-02-28'],
    ['2026-02-25', 31, '2026-03-31'],
  ])('paid out %s with pay day %p is due %s', (disbursedOn, payDayOfMonth, dueDate) => {
    const [line] = salaryAdvanceRepayment({ ...advance, disbursedOn, payDayOfMonth });
    expect(line!.dueDate).toBe(dueDate);
  });

  it('is due after the payout day even when no minimum gap is asked for', () => {
    const [line] = salaryAdvanceRepayment({
      ...advance,
      minDaysToRepayment: 0,
      disbursedOn: '2026-03-05',
      payDayOfMonth: 5,
    });
    expect(line!.dueDate).toBe('2026-04-05');
  });

  it('refuses malformed input, naming every wrong field', () => {
    let thrown: unknown;
    try {
      salaryAdvanceRepayment({ ...advance, principal: 0, disbursedOn: '2026-02-30', payDayOfMonth: 32 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidLoanInput);
    expect((thrown as InvalidLoanInput).fields.map((f) => f.name)).toEqual(['principal', 'disbursedOn', 'payDayOfMonth']);
  });
});
