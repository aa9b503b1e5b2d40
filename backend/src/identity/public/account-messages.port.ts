import type { OtpPurpose } from '../domain/one-time-code.js';

/** A one-time code to text to a phone (E.164), for the purpose it proves, and how long it stays valid. */
export type OneTimeCodeMessage = { phone: string; code: string; purpose: OtpPurpose; validForMinutes: number };

/**
 * A password reset to email: the token is a secret of the email (the email log shows the link `[redacted]`, only the
 * message handed to the mail server carries it) and is dropped when the link expires.
 */
export type PasswordResetMessage = { userId: string; email: string; name: string; token: string; expiresAt: Date; validForMinutes: number };

/** A code that proves the account's email (migration 0060): a secret of the email, as a reset token is. */
export type EmailVerificationMessage = {
  userId: string;
  email: string;
  name: string;
  code: string;
  expiresAt: Date;
  validForMinutes: number;
};

/**
 * What identity has to tell people about their account, delivered by the context that words and sends messages
 * (communications, which sits above identity and implements this). Identity says what happened; the wording, the
 * template and the channel are communications'. Also the DI token (Nest injects abstract classes by type).
 */
export abstract class AccountMessages {
  /** Texts the code (a sensitive message: recordings redact it in production); throws when the SMS provider refused it. */
  abstract sendOneTimeCode(message: OneTimeCodeMessage): Promise<void>;

  /** Emails the user a single-use link to choose a new password. */
  abstract sendPasswordReset(message: PasswordResetMessage): Promise<void>;

  /** Emails the user the code that proves their email (the email log shows it `[redacted]`). */
  abstract sendEmailVerificationCode(message: EmailVerificationMessage): Promise<void>;
}
