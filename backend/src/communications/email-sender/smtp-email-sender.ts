import { createTransport, type Transporter } from 'nodemailer';
import type { EmailOutcome, EmailSender, OutgoingEmail } from './email-sender.port.js';

/** Adapter: delivers over SMTP (nodemailer) to the server named by SMTP_URL, from MAIL_FROM. */
export class SmtpEmailSender implements EmailSender {
  private transport?: Transporter;

  constructor(private readonly settings: { smtpUrl: string; from: string }) {}

  async send(email: OutgoingEmail): Promise<EmailOutcome> {
    this.transport ??= createTransport(this.settings.smtpUrl);
    const info = await this.transport.sendMail({
      from: this.settings.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      ...(email.attachments?.length
        ? { attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }
        : {}),
    });
    return { status: 'sent', messageId: info.messageId ?? undefined };
  }
}
