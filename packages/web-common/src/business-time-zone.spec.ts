import { afterEach, describe, expect, it } from 'vitest';
import { loadBusinessTimeZone } from './business-time-zone';
import { DEFAULT_TIME_ZONE, formatDateTime, getBusinessTimeZone, setBusinessTimeZone } from './format';

const answering = (status: number, body: unknown): typeof fetch =>
  (async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })) as typeof fetch;

describe('the business time zone from the API', () => {
  afterEach(() => {
    setBusinessTimeZone(DEFAULT_TIME_ZONE);
    localStorage.clear();
  });

  it('given the API names a zone, then dates are written in it and the next visit starts with it', async () => {
    await loadBusinessTimeZone(answering(200, { timeZone: 'Asia/Dubai' }));
    expect(formatDateTime('2026-12-01T18:30:00Z')).toBe('1 Dec 2026, 10:30 pm');
    setBusinessTimeZone(DEFAULT_TIME_ZONE);
    await loadBusinessTimeZone(answering(503, {}));
    expect(getBusinessTimeZone()).toBe('Asia/Dubai');
  });

  it('given the API cannot be reached, then India', async () => {
    await loadBusinessTimeZone((async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch);
    expect(getBusinessTimeZone()).toBe('Asia/Kolkata');
    expect(formatDateTime('2026-12-01T18:30:00Z')).toBe('2 Dec 2026, 12:00 am');
  });
});
