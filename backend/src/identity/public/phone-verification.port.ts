import type { OtpPurpose } from '../domain/one-time-code.js';

export type { OtpPurpose };

/**
 * Identity's one-time codes, for the other contexts: a caller proves a phone with `POST /api/public/otp/verify` and
 * presents the proof it answered; `verifiedPhone` reads it back (or throws 403 phone-not-verified). A context that
 * knows the phone itself (e-signing sends the code to the borrower's registered phone, never to one the caller names)
 * sends and checks codes with `sendCode` and `checkCode`: the same codes, limits and tries as the public routes.
 * Also the DI token (Nest injects abstract classes by type).
 */
export abstract class PhoneVerification {
  abstract verifiedPhone(proof: string | undefined, purpose: OtpPurpose): string;
  /** Sends a fresh code by SMS (429 past the limits per phone and per address); answers when it expires. */
  abstract sendCode(phone: string, purpose: OtpPurpose, ip: string): Promise<{ expiresAt: string }>;
  /**
   * Checks a code (one of its 5 tries; 400 wrong-code, code-expired, code-exhausted, code-used, no-code); answers when.
   * `usedFor` names the request (a command and its idempotency key): a retry of that same request may present the
   * code it used again, so a process that died between the check and the append does not spend the borrower's code.
   */
  abstract checkCode(phone: string, purpose: OtpPurpose, code: string, ip: string, usedFor?: string): Promise<{ verifiedAt: string }>;
}
