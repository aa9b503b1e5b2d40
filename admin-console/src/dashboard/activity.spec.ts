import { describe, expect, it } from 'vitest';
import { period } from './activity';

describe('the graph period', () => {
  it('covers the last N UTC days, today included', () => {
    const now = Date.parse('2026-11-22T01:30:00Z');
    expect(period(7, now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(period(1, now)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(period(30, now)).toEqual({ from: '2026-10-24', to: '2026-11-22' });
  });
});
