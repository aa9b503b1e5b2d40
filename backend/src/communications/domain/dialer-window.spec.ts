import { describe, expect, it } from '@jest/globals';
import { dialerAvailability } from './dialer-window.js';

describe('the dialer only calls inside 08:00–19:00 business time', () => {
  it.each(['08:00', '12:30', '18:59'])('given %s, then calls are allowed', (time) => {
    expect(dialerAvailability({ date: '2026-11-23', time })).toEqual({ open: true });
  });

  it('given 07:59, then it is closed until 08:00 the same day, with the reason', () => {
    const availability = dialerAvailability({ date: '2026-11-23', time: '07:59' });
    expect(availability).toMatchObject({ open: false, opensAt: { date: '2026-11-23', time: '08:00' } });
    expect(availability.open === false && availability.reason).toMatch(/08:00 to 19:00 only \(it is 07:59 in the borrower.s time zone\)/);
  });

  it.each(['19:00', '23:45'])('given %s, then it is closed until 08:00 the next day', (time) => {
    expect(dialerAvailability({ date: '2026-11-30', time })).toMatchObject({ open: false, opensAt: { date: '2026-12-01', time: '08:00' } });
  });
});
