/**
 * Proving the account's email (migration 0060; docs/compliance.md, "Documents sent on signing"): a 6-digit code sent
 * to the email on the profile, valid 30 minutes, 5 tries, at most 5 sent an hour. Pure rules; the application layer
 * draws the code, keeps only a keyed hash of it, and brings the clock.
 */
export const EMAIL_VERIFICATION = { validForMs: 30 * 60_000, maxTries: 5, sendsPerHour: 5 } as const;

/** What the account holds that a request to send a code is judged on. */
export type EmailToVerify = { email: string; emailVerifiedAt: Date | null };

export type EmailCodeRequestVerdict = { outcome: 'send'; email: string } | { outcome: 'already-verified' | 'no-email' };

/** Whether a code may be sent: not to an account already verified, nor to one with no (deliverable) email. */
export function judgeEmailCodeRequest(account: EmailToVerify): EmailCodeRequestVerdict {
  const email = account.email.trim();
  if (!email || !email.includes('@') || email.endsWith('.invalid')) return { outcome: 'no-email' };
  if (account.emailVerifiedAt) return { outcome: 'already-verified' };
  return { outcome: 'send', email };
}

/** A stored code: the address it was sent to, when it stops being valid, the tries so far (right or wrong). */
export type EmailCode = { email: string; expiresAt: Date; attempts: number };

export type EmailCodeVerdict =
  { outcome: 'verified' } | { outcome: 'wrong'; triesLeft: number } | { outcome: 'already-verified' | 'none' | 'exhausted' | 'expired' };

/**
 * What one attempt at a code means. A code sent to another address than the account's current one proves nothing
 * (none). Checked in this order so that a right code after the fifth wrong one, or after expiry, still fails.
 */
export function judgeEmailCode(account: EmailToVerify, code: EmailCode | undefined, codeMatches: boolean, now: Date): EmailCodeVerdict {
  if (account.emailVerifiedAt) return { outcome: 'already-verified' };
  if (!code || code.email.toLowerCase() !== account.email.trim().toLowerCase()) return { outcome: 'none' };
  if (code.attempts >= EMAIL_VERIFICATION.maxTries) return { outcome: 'exhausted' };
  if (now.getTime() >= code.expiresAt.getTime()) return { outcome: 'expired' };
  if (codeMatches) return { outcome: 'verified' };
  return { outcome: 'wrong', triesLeft: EMAIL_VERIFICATION.maxTries - code.attempts - 1 };
}
