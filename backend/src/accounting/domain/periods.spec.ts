import { describe, expect, it } from '@jest/globals';
import { AlreadyDecided, BooksRefused, NotFound, SamePerson } from './accounting.errors.js';
import {
  closedThroughBefore,
  dayAfter,
  decidePeriods,
  evolvePeriods,
  monthEnd,
  NO_PERIODS,
  postingDate,
  type PeriodEvent,
} from './periods.js';

const AT = '2026-12-02T10:00:00.000Z';
const given = (events: PeriodEvent[]) => events.reduce(evolvePeriods, NO_PERIODS);
const requested: PeriodEvent = {
  type: 'AccountingPeriodCloseRequested',
  data: { requestId: 'r1', through: '2026-10-31', by: 'maker', at: AT },
};
const closed: PeriodEvent = {
  type: 'AccountingPeriodClosed',
  data: { requestId: 'r1', through: '2026-10-31', requestedBy: 'maker', by: 'checker', at: AT },
};
const request = (month: string, businessDate = '2026-12-02') =>
  ({ type: 'RequestClose', requestId: 'r1', month, by: 'maker', at: AT, businessDate }) as const;

describe('dates', () => {
  it('a month ends on its last day (leap years too); the day after rolls the month and the year', () => {
    expect([monthEnd('2026-02'), monthEnd('2028-02'), monthEnd('2026-12')]).toEqual(['2026-02-28', '2028-02-29', '2026-12-31']);
    expect([dayAfter('2026-10-31'), dayAfter('2026-12-31')]).toEqual(['2026-11-01', '2027-01-01']);
  });

  it('given a close through 31 Oct, an entry of 15 Oct posts on 1 Nov and one of 1 Nov on its own date', () => {
    expect(postingDate('2026-10-15', '2026-10-31')).toBe('2026-11-01');
    expect(postingDate('2026-10-31', '2026-10-31')).toBe('2026-11-01');
    expect(postingDate('2026-11-01', '2026-10-31')).toBe('2026-11-01');
    expect(postingDate('2026-01-01', null)).toBe('2026-01-01');
  });
});

describe('period close, maker-checker', () => {
  it('given nothing closed, when October is asked to close, then AccountingPeriodCloseRequested through 31 Oct', () => {
    expect(decidePeriods(given([]), request('2026-10'))).toEqual([requested]);
  });

  it('given a request, when a second person approves, then AccountingPeriodClosed and the state is closed through 31 Oct', () => {
    const events = decidePeriods(given([requested]), { type: 'ApproveClose', requestId: 'r1', by: 'checker', at: AT });
    expect(events).toEqual([closed]);
    expect(given([requested, ...events])).toEqual({ closedThrough: '2026-10-31', pending: null });
  });

  it('given a request, when the one who asked approves or rejects it, then 403 same person', () => {
    expect(() => decidePeriods(given([requested]), { type: 'ApproveClose', requestId: 'r1', by: 'maker', at: AT })).toThrow(SamePerson);
    expect(() => decidePeriods(given([requested]), { type: 'RejectClose', requestId: 'r1', reason: 'no', by: 'maker', at: AT })).toThrow(
      SamePerson,
    );
  });

  it('given a request, when a second person rejects it, then nothing is closed and a new request may follow', () => {
    const events = decidePeriods(given([requested]), {
      type: 'RejectClose',
      requestId: 'r1',
      reason: 'not reconciled',
      by: 'checker',
      at: AT,
    });
    expect(events[0].type).toBe('AccountingPeriodCloseRejected');
    expect(given([requested, ...events])).toEqual(NO_PERIODS);
  });

  it('given a month not yet ended, or one already closed, then refused on `month`', () => {
    expect(() => decidePeriods(given([]), request('2026-12'))).toThrow(BooksRefused);
    expect(() => decidePeriods(given([]), request('2026-11', '2026-11-30'))).toThrow(BooksRefused);
    expect(() => decidePeriods(given([requested, closed]), request('2026-09'))).toThrow(BooksRefused);
    expect(decidePeriods(given([requested, closed]), request('2026-11'))[0].data).toMatchObject({ through: '2026-11-30' });
  });

  it('given a request waiting, when another is asked for, then 409; an unknown request is not found', () => {
    expect(() => decidePeriods(given([requested]), request('2026-11'))).toThrow(AlreadyDecided);
    expect(() => decidePeriods(given([requested]), { type: 'ApproveClose', requestId: 'r2', by: 'checker', at: AT })).toThrow(NotFound);
  });
});

describe('which closes an event is posted under: the log order, as a replay reads it', () => {
  // October closed by transaction 100 (position 50), November by transaction 300 (position 70).
  const closes = [
    { transactionId: 100n, position: 50, through: '2026-10-31' },
    { transactionId: 300n, position: 70, through: '2026-11-30' },
  ];

  it('given an event of an earlier transaction, then no close applies, even at a later position', () => {
    expect(closedThroughBefore(closes, { transactionId: 90n, position: 60 })).toBeNull();
  });

  it('given an event between the two closes in transaction order, then October only, whatever its position', () => {
    expect(closedThroughBefore(closes, { transactionId: 200n, position: 40 })).toBe('2026-10-31');
    expect(closedThroughBefore(closes, { transactionId: 200n, position: 80 })).toBe('2026-10-31');
  });

  it('given an event after both, then the later close; within one transaction the position decides', () => {
    expect(closedThroughBefore(closes, { transactionId: 400n, position: 71 })).toBe('2026-11-30');
    expect(closedThroughBefore(closes, { transactionId: 300n, position: 69 })).toBe('2026-10-31');
    expect(closedThroughBefore(closes, { transactionId: 300n, position: 71 })).toBe('2026-11-30');
  });
});
