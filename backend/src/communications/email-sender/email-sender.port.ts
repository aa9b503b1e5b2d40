/**
 * One email, rendered and ready to go. `redacted` is the same message with every secret (a reset link's token)
 * replaced by `[redacted]`: an adapter that records instead of delivering uses it unless told otherwise, so a
 * recording never keeps a working link.
 */
export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  redacted: { subject: string; text: string };
  /** Files sent with it; an adapter that records instead of delivering writes their names and sizes, never the bytes. */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/** What became of it: handed to a mail server (`sent`, with its message id), or only recorded (`logged`). */
export type EmailOutcome = { status: 'sent'; messageId?: string } | { status: 'logged' };

/**
 * Port: hands one email to the outside world. It throws when delivery failed and may succeed later (the job
 * records the error and the queue retries). Adapters beside it; communications.module.ts picks one.
 */
export interface EmailSender {
  send(email: OutgoingEmail): Promise<EmailOutcome>;
}

export const EMAIL_SENDER = Symbol('EMAIL_SENDER');
