import type { Job } from 'bullmq';
import { sql } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from '../../platform/database/database.js';
import type { JobDefinition } from '../../platform/queue/job-definition.js';
import { EMAIL_QUEUE, SEND_EMAIL_JOB, type SendEmailData } from '../application/email-delivery.js';

export type MailSettings = { smtpUrl?: string; from: string };

const MAX_ERROR_LENGTH = 2000;

/**
 * Sends one email row. Each run counts an attempt on the row; an SMTP error is recorded and rethrown so BullMQ
 * retries with backoff, and the row turns `failed` only when the job's last attempt fails. Without SMTP_URL the
 * message is printed to the log on one line and the row is marked `logged`.
 */
export function sendEmailJob(db: Db, mail: MailSettings, log: (line: string) => void): JobDefinition {
  let transport: Transporter | undefined;
  const transporter = () => (transport ??= createTransport(mail.smtpUrl));

  return {
    queue: EMAIL_QUEUE,
    name: SEND_EMAIL_JOB,
    async process(job: Job) {
      const { emailId } = job.data as SendEmailData;
      // Claiming the row counts the attempt; a sent or logged email is never sent again (a duplicate job is a no-op).
      const email = await db
        .updateTable('emails')
        .set({ status: 'sending', attempts: sql<number>`attempts + 1`, updated_at: sql<Date>`now()` })
        .where('id', '=', emailId)
        .where('status', 'not in', ['sent', 'logged'])
        .returningAll()
        .executeTakeFirst();
      if (!email) return { skipped: emailId };

      if (!mail.smtpUrl) {
        log(`Email to ${email.to_address}, subject ${JSON.stringify(email.subject)} (no SMTP_URL, not sent): ${JSON.stringify(email.text_body)}`);
        await db.updateTable('emails').set({ status: 'logged', last_error: null, updated_at: sql<Date>`now()` }).where('id', '=', emailId).execute();
        return { logged: emailId };
      }

      try {
        const info = await transporter().sendMail({
          from: mail.from,
          to: email.to_address,
          subject: email.subject,
          text: email.text_body,
          ...(email.html_body ? { html: email.html_body } : {}),
        });
        await db
          .updateTable('emails')
          .set({ status: 'sent', message_id: info.messageId ?? null, last_error: null, sent_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
          .where('id', '=', emailId)
          .execute();
        return { sent: emailId, messageId: info.messageId };
      } catch (error) {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        await db
          .updateTable('emails')
          .set({ status: lastAttempt ? 'failed' : 'queued', last_error: describe(error), updated_at: sql<Date>`now()` })
          .where('id', '=', emailId)
          .execute();
        throw error;
      }
    },
  };
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}
