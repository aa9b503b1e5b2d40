import { describe, expect, it } from '@jest/globals';
import { calendarDateIn } from './business-date.port.js';
import { SystemBusinessDate } from './system-business-date.js';

describe('the system business date', () => {
  // 20:00 UTC on 31 March is already 1 April in India (UTC+5:30) and still 31 March in New York.
  const instant = new Date('2026-03-31T20:00:00Z');

  it('is the calendar date in the business time zone, not in UTC', async () => {
    expect(await new SystemBusinessDate('Asia/Kolkata', () => instant).today()).toBe('2026-04-01');
    expect(await new SystemBusinessDate('America/New_York', () => instant).today()).toBe('2026-03-31');
    expect(calendarDateIn('UTC', instant)).toBe('2026-03-31');
  });

  it('cannot be set', async () => {
    await expect(new SystemBusinessDate('Asia/Kolkata').set()).rejects.toMatchObject({
      code: 'BUSINESS_DATE.BUSINESS_DATE_IS_AUTOMATIC',
      kind: 'conflict',
    });
  });
});
