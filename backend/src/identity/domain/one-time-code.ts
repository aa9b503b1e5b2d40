/**
 * One-time codes sent by SMS (quick start, e-signing): 6 digits, valid 5 minutes, 5 tries. Pure rules; the
 * application layer draws the code, keeps only a keyed hash of it, and brings the clock.
 */
export const ONE_TIME_CODE = { digits: 6, validForMs: 5 * 60_000, maxTries: 5 } as const;

export const OTP_PURPOSES = ['quick-start', 'e-sign', 'phone'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * What anyone may ask a code for through the public routes: starting quick start and proving a new phone. An e-sign
 * code is only ever sent by the signing flows (signed in, or the emailed link) to the borrower's registered phone, so
 * nobody can send "sign your loan agreement" texts to any number, or replace or burn a borrower's pending signing code.
 */
export const PUBLIC_OTP_PURPOSES = ['quick-start', 'phone'] as const satisfies readonly OtpPurpose[];
export type PublicOtpPurpose = (typeof PUBLIC_OTP_PURPOSES)[number];

/** A code as stored: when it stops being valid, the tries so far (right or wrong), whether it was already used. */
export type OtpChallenge = { expiresAt: Date; attempts: number; verifiedAt: Date | null };

export type OtpVerdict =
  { outcome: 'verified' } | { outcome: 'wrong'; triesLeft: number } | { outcome: 'expired' | 'exhausted' | 'used' | 'none' };

/**
 * What one attempt at a code means. Checked in this order so that a right code after the fifth wrong one, or after
 * expiry, still fails: the tries and the clock bound the guessing, not the luck of the guess.
 */
export function judgeAttempt(challenge: OtpChallenge | undefined, codeMatches: boolean, now: Date): OtpVerdict {
  if (!challenge) return { outcome: 'none' };
  if (challenge.verifiedAt) return { outcome: 'used' };
  if (challenge.attempts >= ONE_TIME_CODE.maxTries) return { outcome: 'exhausted' };
  if (now.getTime() >= challenge.expiresAt.getTime()) return { outcome: 'expired' };
  if (codeMatches) return { outcome: 'verified' };
  return { outcome: 'wrong', triesLeft: ONE_TIME_CODE.maxTries - challenge.attempts - 1 };
}

/** A uniformly drawn code from a source of random integers in [0, max): leading zeros kept. */
export function drawCode(randomBelow: (max: number) => number): string {
  return String(randomBelow(10 ** ONE_TIME_CODE.digits)).padStart(ONE_TIME_CODE.digits, '0');
}
