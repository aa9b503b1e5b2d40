import { describe, expect, it } from '@jest/globals';
import { fcmErrorMeaning } from './fcm-errors.js';

describe('what an FCM error means for the registration', () => {
  it.each(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token'])(
    'given %s, then the token is dead and removed',
    (code) => {
      expect(fcmErrorMeaning(code)).toBe('dead-token');
    },
  );

  it('given messaging/invalid-argument (a payload error), then the push is rejected and the token kept', () => {
    expect(fcmErrorMeaning('messaging/invalid-argument')).toBe('rejected');
  });

  it.each([
    'messaging/internal-error',
    'messaging/server-unavailable',
    'messaging/message-rate-exceeded',
    'app/network-error',
    '',
    undefined,
  ])('given %p, then the queue retries', (code) => {
    expect(fcmErrorMeaning(code)).toBe('retry');
  });
});
