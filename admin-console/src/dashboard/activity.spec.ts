import { describe, expect, it } from 'vitest';
import { period, periodEndingOn } from './activity';

describe('the graph period', () => {
  it('covers the last N UTC days, today included', () => {
    const now = Date.parse('2026-11-22T01:30:00Z');
    expect(period(7, now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(period(1, now)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(period(30, now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });
});

describe('a period ending on the business date', () => {
  it('covers the N days up to that date, whatever the UTC date is (Kolkata is a day ahead after 18:30 UTC)', () => {
    expect(periodEndingOn(7, '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(periodEndingOn(1, '2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(periodEndingOn(30, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
});
