import { describe, expect, it } from '@jest/globals';
import type { LoadedLoan } from './loan-command-executor.js';
import { RecentLoans } from './recent-loans.js';

const loan = (version: number): LoadedLoan => ({ state: { status: 'none' }, version, lastPosition: version, submittedAt: null });

describe('RecentLoans', () => {
  it('given a full cache, when another loan is kept, then the least recently used one goes', () => {
    const recent = new RecentLoans<LoadedLoan>(2);
    recent.set('a', loan(1));
    recent.set('b', loan(1));
    recent.get('a'); // a is now the most recently used
    recent.set('c', loan(1));
    expect([recent.has('a'), recent.has('b'), recent.has('c')]).toEqual([true, false, true]);
    expect(recent.size).toBe(2);
  });

  it('given a kept loan, when it is kept again, then the newer state replaces it and counts once', () => {
    const recent = new RecentLoans<LoadedLoan>(2);
    recent.set('a', loan(1));
    recent.set('a', loan(2));
    expect(recent.get('a')?.version).toBe(2);
    expect(recent.size).toBe(1);
  });

  it('given a kept loan, when it is forgotten, then it is no longer answered', () => {
    const recent = new RecentLoans<LoadedLoan>(2);
    recent.set('a', loan(1));
    recent.forget('a');
    expect(recent.get('a')).toBeUndefined();
  });

  it('given a kept loan, when asked whether it is kept, then its place in the order does not change', () => {
    const recent = new RecentLoans<LoadedLoan>(2);
    recent.set('a', loan(1));
    recent.set('b', loan(1));
    expect(recent.has('a')).toBe(true);
    recent.set('c', loan(1));
    expect(recent.has('a')).toBe(false);
  });
});
