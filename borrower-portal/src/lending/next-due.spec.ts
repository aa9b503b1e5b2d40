import { describe, expect, it } from 'vitest';
import type { Instalment } from '@lending/web-common/servicing';
import type { Loan } from '../api/loans';
import { nextAmountDue } from './next-due';

const line = (number: number, dueDate: string, paid = false): Instalment => ({
  number,
  closedOut: null,
  dueDate,
  principal: 90_000,
  interest: 10_000,
  fees: 0,
  penalties: 0,
  paidPrincipal: paid ? 90_000 : 0,
  paidInterest: paid ? 10_000 : 0,
  paidFees: 0,
  paidPenalties: 0,
  status: paid ? 'paid' : 'upcoming',
  paidOn: paid ? dueDate : null,
});
const loan = (id: string, state: string, instalments: Instalment[] | null) =>
  ({ id, state, currency: 'INR', instalments }) as unknown as Loan;

describe('the dashboard’s next amount due', () => {
  it('given two active loans, then the one whose payment comes first', () => {
    const a = loan('a', 'active', [line(1, '2026-03-10', true), line(2, '2026-04-10')]);
    const b = loan('b', 'active', [line(1, '2026-03-20')]);
    expect(nextAmountDue([b, a], '2026-03-15')).toMatchObject({
      loan: { id: 'b' },
      due: { amount: 100_000, dueDate: '2026-03-20', numbers: [1] },
    });
  });

  it('given an instalment fallen due, then it comes before any ahead', () => {
    const late = loan('late', 'active', [line(1, '2026-03-01'), line(2, '2026-04-01')]);
    const ahead = loan('ahead', 'active', [line(1, '2026-03-20')]);
    expect(nextAmountDue([ahead, late], '2026-03-15')).toMatchObject({ loan: { id: 'late' }, due: { late: true, numbers: [1] } });
  });

  it('given only loans that are closed, not yet disbursed or fully paid, then nothing', () => {
    expect(
      nextAmountDue(
        [
          loan('c', 'closed', [line(1, '2026-03-01', true)]),
          loan('n', 'applied', null),
          loan('p', 'active', [line(1, '2026-03-01', true)]),
        ],
        '2026-03-15',
      ),
    ).toBeNull();
  });
});
