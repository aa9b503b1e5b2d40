import { describe, expect, it } from 'vitest';
import { periodEndingOn } from './activity';

describe('a period ending on the business date', () => {
  it('covers the N days up to that date, whatever the UTC date is (Kolkata is a day ahead after 18:30 UTC)', () => {
    expect(periodEndingOn(7, '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(periodEndingOn(1, '2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(periodEndingOn(30, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });
});
