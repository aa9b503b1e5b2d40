import { DomainError } from '../../platform/errors/domain-error.js';
import type { EmailSecrets } from './email-secrets.js';

/**
 * An email's life: `queued` (row written, a job is or will be on the `email` queue), `sending` (a worker has it),
 * then `sent` (the SMTP server accepted it), `logged` (no SMTP_URL: printed to the log instead) or, after the last
 * attempt, `failed` (staff may retry it, which makes it `queued` again).
 */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'logged'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Only a failed email can be retried by hand; queued and sending ones are still in the queue's hands. */
export const canRetry = (status: EmailStatus): boolean => status === 'failed';

/**
 * What a caller asks to send. `template` names the kind of message (e.g. 'password-reset') for the log.
 * A message that carries a secret (a reset link's token) writes `secretRef(name)` where it goes and passes the value
 * in `secrets`, with the moment it stops being useful in `secretsExpireAt`: the log stores and shows `[redacted]`
 * there, and only the message handed to SMTP carries the value (see domain/email-secrets.ts).
 */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template?: string;
  userId?: string;
  secrets?: EmailSecrets;
  secretsExpireAt?: Date;
  /** The email template and version the message was rendered from (recorded on the email). */
  templateRef?: { id: string; version: number };
  /** Whether it was rendered from the event's active template or from the product's shipped default. */
  templateSource?: 'active' | 'shipped';
  /** Writes the message at most once per key (e.g. one email per event and template); a repeat answers the first id. */
  dedupeKey?: string;
  /** Files sent with it (a signed agreement): kept in `email_attachments`; the log shows their names and sizes only. */
  attachments?: EmailAttachment[];
};

/** One file of an email. */
export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

/** Communications' domain errors: a stable code and a kind, mapped to problem details by the one exception filter. */
export abstract class EmailDomainError extends DomainError {}

export class EmailNotFound extends EmailDomainError {
  readonly code = 'EMAIL.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(emailId: string) {
    super(`Email ${emailId} does not exist`, { emailId });
  }
}

export class EmailNotRetryable extends EmailDomainError {
  readonly code = 'EMAIL.ILLEGAL_TRANSITION';
  readonly kind = 'conflict';
  constructor(emailId: string, status: EmailStatus) {
    super(`Only a failed email can be retried; email ${emailId} is ${status}`, { emailId, currentStatus: status });
  }
}

/** A failed email whose single-use secret (a reset link) has expired or was used up: sending it again is pointless. */
export class EmailSecretGone extends EmailDomainError {
  readonly code = 'EMAIL.LINK_EXPIRED';
  readonly kind = 'unprocessable';
  constructor(emailId: string) {
    super(
      `Email ${emailId} carried a single-use link that has expired or can no longer be rendered, so it cannot be sent again; the recipient can ask for a new one`,
      { emailId },
    );
  }
}

/** The sentence recorded as an email's last error when its secret is gone at send time. */
export const SECRET_GONE_ERROR =
  'Not sent: the single-use link in this email has expired or can no longer be rendered (it is never stored readable). The recipient can ask for a new one.';
