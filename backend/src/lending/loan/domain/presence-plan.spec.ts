import { describe, expect, it } from '@jest/globals';
import { nextDueOf, planKindOf } from './presence-plan.js';

describe('what a plan is, by the loan state', () => {
  it.each([
    ['new', 'application'],
    ['soft.pending', 'application'],
    ['consent.customerpending', 'offer'],
    ['disbursal.pending', 'offer'],
    ['active', 'repayment'],
    ['closed', 'finished'],
    ['rejected', 'finished'],
  ])('given a loan in %s, then the plan is %s', (state, kind) => {
    expect(planKindOf(state)).toBe(kind);
  });
});

describe('the next instalment due', () => {
  it('given the first paid and the second part paid, then the second', () => {
    const schedule = [
      { number: 1, dueDate: '2026-12-01', amount: 100, paid: 100, status: 'paid' },
      { number: 2, dueDate: '2027-01-01', amount: 100, paid: 40, status: 'partial' },
      { number: 3, dueDate: '2027-02-01', amount: 100, paid: 0, status: 'upcoming' },
    ];
    expect(nextDueOf(schedule)?.number).toBe(2);
  });

  it('given everything paid, then none', () => {
    expect(nextDueOf([{ number: 1, dueDate: '2026-12-01', amount: 100, paid: 100, status: 'paid' }])).toBeNull();
  });
});
