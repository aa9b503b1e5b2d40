import type { EmailOutcome, EmailSender, OutgoingEmail } from './email-sender.port.js';

/**
 * Adapter when no SMTP_URL is set: prints the message on one line instead of sending it. In development the print
 * carries the rendered link (the developer is the recipient); in production (`printSecrets: false`) it shows
 * `[redacted]` where a secret was.
 */
export class LogEmailSender implements EmailSender {
  constructor(
    private readonly log: (line: string) => void,
    private readonly options: { printSecrets: boolean },
  ) {}

  async send(email: OutgoingEmail): Promise<EmailOutcome> {
    const { subject, text } = this.options.printSecrets ? email : email.redacted;
    const files = (email.attachments ?? []).map((a) => `${a.filename} (${a.content.length} bytes)`);
    this.log(
      `Email to ${email.to}, subject ${JSON.stringify(subject)} (no SMTP_URL, not sent): ${JSON.stringify(text)}` +
        (files.length ? `, attachments: ${files.join(', ')}` : ''),
    );
    return { status: 'logged' };
  }
}
