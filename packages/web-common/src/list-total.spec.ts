import { describe, expect, it } from 'vitest';
import { cappedTotalLabel, pageInfoOf, totalOf } from './list-total';

describe('list totals', () => {
  it('given an exact Content-Range total, when it is read, then it is the number', () => {
    expect(totalOf('loans 0-24/130')).toEqual({ exact: true, total: 130 });
    expect(totalOf('loans */0')).toEqual({ exact: true, total: 0 });
    expect(totalOf('loans 0-24/10000')).toEqual({ exact: true, total: 10_000 });
  });

  it('given a total of 10000+, when it is read, then it is "at least 10,000", not a number of pages', () => {
    expect(totalOf('loans 0-24/10000+')).toEqual({ exact: false, atLeast: 10_000 });
    expect(totalOf('loans */10000+')).toEqual({ exact: false, atLeast: 10_000 });
    expect(cappedTotalLabel()).toBe('10,000+');
  });

  it('given no total or a malformed one, when it is read, then there is none', () => {
    expect(totalOf(null)).toBeUndefined();
    expect(totalOf('loans 0-24/')).toBeUndefined();
    expect(totalOf('loans 0-24/many')).toBeUndefined();
  });

  it('offers a next page while the page is full and the next starts by row 10,000, and a previous one after the first', () => {
    expect(pageInfoOf({ page: 1, perPage: 25 }, 25)).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(pageInfoOf({ page: 2, perPage: 25 }, 7)).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(pageInfoOf({ page: 400, perPage: 25 }, 25)).toEqual({ hasNextPage: true, hasPreviousPage: true }); // next starts at 10,000
    expect(pageInfoOf({ page: 401, perPage: 25 }, 25)).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });
});
