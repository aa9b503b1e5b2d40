import { IdentityError } from './identity.errors.js';
import { EMAIL_VERIFICATION } from './email-verification.js';
import { ONE_TIME_CODE } from './one-time-code.js';

const codeRefusal = (code: string, message: string, details: Record<string, unknown> = {}) =>
  new IdentityError(code, 'invalid', message, { ...details, fields: [{ name: 'code', message }] }, 'The code was not accepted');

export const wrongCode = (triesLeft: number) =>
  codeRefusal(
    'OTP.WRONG_CODE',
    triesLeft > 0
      ? `That code is not right; ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and no tries are left; ask for a new code.',
    { triesLeft },
  );
export const codeExpired = () =>
  codeRefusal('OTP.CODE_EXPIRED', `The code has expired (codes last ${ONE_TIME_CODE.validForMs / 60_000} minutes); ask for a new one.`);
export const codeExhausted = () =>
  codeRefusal('OTP.TRIES_EXHAUSTED', `${ONE_TIME_CODE.maxTries} wrong tries: this code no longer works; ask for a new one.`);
export const codeUsed = () => codeRefusal('OTP.CODE_USED', 'This code was already used; ask for a new one.');
export const noCode = () => codeRefusal('OTP.NO_CODE', 'No code was sent to this phone for this purpose; ask for one first.');

/** A phone proof that is missing, forged, expired, or for another phone or purpose. */
export const phoneNotVerified = (
  detail = 'Verify your phone with a one-time code first (the proof is missing, expired or for another phone).',
) => new IdentityError('OTP.PHONE_NOT_VERIFIED', 'forbidden', detail, {}, 'Phone not verified');

/** A phone change without a valid proof of the new phone: 403 naming the `phoneProof` field. */
export const phoneChangeNotVerified = (message: string) =>
  new IdentityError('OTP.PHONE_NOT_VERIFIED', 'forbidden', message, { fields: [{ name: 'phoneProof', message }] }, 'Phone not verified');

// Email verification (migration 0060): the code the borrower typed back, named as the `code` field.

export const emailAlreadyVerified = () =>
  new IdentityError('EMAIL.ALREADY_VERIFIED', 'conflict', 'Your email is already verified.', {}, 'Email already verified');
export const noEmailToVerify = () =>
  new IdentityError(
    'EMAIL.NO_EMAIL',
    'unprocessable',
    'Your profile has no email to verify; ask support to add one.',
    { fields: [{ name: 'email', message: 'is missing' }] },
    'No email to verify',
  );
export const wrongEmailCode = (triesLeft: number) =>
  codeRefusal(
    'EMAIL.WRONG_CODE',
    triesLeft > 0
      ? `That code is not right; ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and no tries are left; ask for a new code.',
    { triesLeft },
  );
export const emailCodeExpired = () =>
  codeRefusal(
    'EMAIL.CODE_EXPIRED',
    `The code has expired (codes last ${EMAIL_VERIFICATION.validForMs / 60_000} minutes); ask for a new one.`,
  );
export const emailCodeExhausted = () =>
  codeRefusal('EMAIL.TRIES_EXHAUSTED', `${EMAIL_VERIFICATION.maxTries} wrong tries: this code no longer works; ask for a new one.`);
export const noEmailCode = () => codeRefusal('EMAIL.NO_CODE', 'No code was sent to your email; ask for one first.');
