/**
 * What an error code of firebase-admin's messaging means for the device's registration (pure):
 * - `dead-token`: FCM says the token itself is gone (the app was uninstalled, the permission revoked, the token
 *   expired or was never valid): the registration is removed.
 * - `rejected`: FCM refused this message (`messaging/invalid-argument`: a bad payload, link or field): sending it
 *   again will not help, so the push is recorded `failed` with the code, and the token is KEPT: a payload error says
 *   nothing about the device, and removing it would wipe every valid device the bad message was addressed to.
 * - `retry`: anything else (quota, unavailable, internal, network): thrown, so the queue retries with backoff.
 */
export type FcmErrorMeaning = 'dead-token' | 'rejected' | 'retry';

const DEAD_TOKEN_CODES: ReadonlySet<string> = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);
const REJECTED_CODES: ReadonlySet<string> = new Set(['messaging/invalid-argument']);

export function fcmErrorMeaning(code: string | undefined): FcmErrorMeaning {
  if (code && DEAD_TOKEN_CODES.has(code)) return 'dead-token';
  if (code && REJECTED_CODES.has(code)) return 'rejected';
  return 'retry';
}
