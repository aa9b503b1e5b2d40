import type { OtpPurpose } from '../domain/one-time-code.js';

export type { OtpPurpose };

/**
 * Identity's one-time codes, for the other contexts: a caller proves a phone with `POST /api/public/otp/verify` and
 * presents the proof it answered; `verifiedPhone` reads it back (or throws 403 phone-not-verified). Also the DI token
 * (Nest injects abstract classes by type).
 */
export abstract class PhoneVerification {
  abstract verifiedPhone(proof: string | undefined, purpose: OtpPurpose): string;
}
