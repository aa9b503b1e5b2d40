import { describe, expect, it } from '@jest/globals';
import { instalmentStatusOn, oldestUnpaidDueDate } from './instalment-status.js';

const due10Jan = (status: 'upcoming' | 'partial' | 'paid') => ({ dueDate: '2026-01-10', status });

describe('instalment status on a business date (3 grace days)', () => {
  it.each([
    ['2026-01-09', 'upcoming', 'upcoming'],
    ['2026-01-10', 'upcoming', 'due'],
    ['2026-01-13', 'upcoming', 'due'],
    ['2026-01-14', 'upcoming', 'overdue'],
    ['2026-01-09', 'partial', 'partial'],
    ['2026-01-13', 'partial', 'partial'],
    ['2026-01-14', 'partial', 'overdue'],
    ['2026-01-09', 'paid', 'paid'],
    ['2026-03-01', 'paid', 'paid'],
  ] as const)('on %s an instalment with %s reads %s', (date, paidState, expected) => {
    expect(instalmentStatusOn(due10Jan(paidState), date, 3)).toBe(expected);
  });

  it('never reads upcoming once its due date has passed, whatever the grace days', () => {
    for (const grace of [0, 1, 30]) {
      for (const date of ['2026-01-10', '2026-01-11', '2026-02-20']) {
        expect(instalmentStatusOn(due10Jan('upcoming'), date, grace)).not.toBe('upcoming');
      }
    }
  });

  it('reads closed, never paid, when a settlement, write-off or cooling-off exit took its dues off the books', () => {
    for (const kind of ['settlement', 'writeOff', 'coolingOffExit']) {
      for (const date of ['2026-01-09', '2026-01-10', '2026-03-01']) {
        expect(instalmentStatusOn({ ...due10Jan('paid'), closedOut: kind }, date, 3)).toBe('closed');
      }
    }
    expect(instalmentStatusOn({ ...due10Jan('paid'), closedOut: null }, '2026-03-01', 3)).toBe('paid');
  });

  it('with no grace days is overdue the day after its due date', () => {
    expect(instalmentStatusOn(due10Jan('upcoming'), '2026-01-10', 0)).toBe('due');
    expect(instalmentStatusOn(due10Jan('upcoming'), '2026-01-11', 0)).toBe('overdue');
  });
});

describe('the oldest unpaid due date', () => {
  const lines = [
    { dueDate: '2026-01-10', status: 'paid' as const },
    { dueDate: '2026-02-10', status: 'partial' as const },
    { dueDate: '2026-03-10', status: 'upcoming' as const },
  ];
  it('is the first instalment due by the date that is not paid', () => {
    expect(oldestUnpaidDueDate(lines, '2026-02-09')).toBeNull();
    expect(oldestUnpaidDueDate(lines, '2026-03-20')).toBe('2026-02-10');
  });
});
