import type { CookieReply } from '../../platform/http/cookies.js';
import type { publicUser } from '../users/user.record.js';

/** Where a sign-up comes from, as at login: the browser's device id (made up when absent), address and agent. */
export type SignUpContext = { deviceId?: string; ip?: string; userAgent?: string };

/**
 * How the new borrower signs in later: a password, or a social sign-in provider's ID token (verified through the
 * id-token verifier port; the account is linked to that identity exactly as social sign-in links one).
 */
export type SignUpCredential = { password: string } | { idToken: string };

/** What a sign-up answers, exactly as login does: the token, the device it is bound to, the user. */
export type SignedUp = { token: string; deviceId: string; user: ReturnType<typeof publicUser> };

/**
 * Identity's borrower accounts for a flow that proved the phone itself (quick start): open an account with a
 * password or a social sign-in, signed in with a device session exactly as login does; start a session for a borrower that flow created;
 * set the session cookie; and the per-address limit on quick start's calls. Also the DI token.
 */
export abstract class BorrowerSignUp {
  /**
   * A new borrower with this (verified) phone, signed in on the caller's device. Counted against the registrations
   * per address limit (429); a taken email or phone is refused as at /api/auth/register (409 already-registered).
   * With an ID token: refused as social sign-in refuses it (401 invalid, 403 a staff member's identity), and 409
   * already-registered (field `idToken`) when the identity already has an account (its uid or its email); nothing
   * is created before the token is verified.
   */
  abstract signUp(
    input: { name: string; email: string; phone: string },
    credential: SignUpCredential,
    context: SignUpContext,
  ): Promise<SignedUp>;

  /** A session for a borrower the calling flow created (a finish retried after it failed half-way). */
  abstract signInCreated(borrowerId: string, context: SignUpContext): Promise<SignedUp>;

  /** The HttpOnly `token` cookie, as login sets it. */
  abstract setSessionCookie(res: CookieReply, token: string): void;

  /** Counts one quick start call from this address; 429 with Retry-After past RATE_LIMIT_OTP_PER_IP × 5 an hour. */
  abstract limitQuickStart(ip: string): Promise<void>;
}
