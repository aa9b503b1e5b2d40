import { describe, expect, it } from 'vitest';
import { pollDelay, POLL_GIVE_UP_MS } from './payment-polling';

describe('asking again about a payment', () => {
  it('asks after 1 s, 2 s, 4 s, then every 5 s', () => {
    expect([1, 2, 3, 4, 5, 20].map(pollDelay)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('gives up after three minutes', () => {
    expect(POLL_GIVE_UP_MS).toBe(180_000);
  });
});
