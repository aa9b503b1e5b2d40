import { describe, expect, it } from '@jest/globals';
import { classificationFor, daysPastDue, nextClassification, overdueSince } from './delinquency.js';

describe('days past due and classification (RBI circular of 12 November 2021)', () => {
  describe("the circular's illustration: due 31 March 2021, not paid", () => {
    const due = '2021-03-31';
    it.each([
      ['2021-03-30', 0, 'standard'],
      ['2021-03-31', 1, 'SMA-0'],
      ['2021-04-29', 30, 'SMA-0'],
      ['2021-04-30', 31, 'SMA-1'],
      ['2021-05-29', 60, 'SMA-1'],
      ['2021-05-30', 61, 'SMA-2'],
      ['2021-06-28', 90, 'SMA-2'],
      ['2021-06-29', 91, 'NPA'],
    ] as const)('at the day end of %s: %i days past due, %s', (date, dpd, classification) => {
      expect(daysPastDue(due, date)).toBe(dpd);
      expect(classificationFor(daysPastDue(due, date))).toBe(classification);
    });
  });

  it('counts across a leap day: due 31 January 2024 is 30 days past due at the day end of 29 February', () => {
    expect(daysPastDue('2024-01-31', '2024-02-29')).toBe(30);
    expect(daysPastDue('2024-01-31', '2024-03-01')).toBe(31);
    expect(daysPastDue('2023-01-31', '2023-03-01')).toBe(30);
  });

  it('is 0 when nothing is unpaid, or the oldest unpaid date is still ahead', () => {
    expect(daysPastDue(null, '2021-03-31')).toBe(0);
    expect(daysPastDue('2021-04-01', '2021-03-31')).toBe(0);
  });

  it('knows the date it counts from again', () => {
    expect(overdueSince(31, '2021-04-30')).toBe('2021-03-31');
    expect(overdueSince(0, '2021-04-30')).toBeNull();
  });

  describe('given an NPA', () => {
    it('stays NPA while any arrear is unpaid, however few days it is', () => {
      expect(nextClassification('NPA', 5)).toBe('NPA');
    });
    it('returns to standard only when every arrear is paid', () => {
      expect(nextClassification('NPA', 0)).toBe('standard');
    });
  });

  it('moves a special mention account down as its oldest arrears are paid', () => {
    expect(nextClassification('SMA-2', 20)).toBe('SMA-0');
  });
});
