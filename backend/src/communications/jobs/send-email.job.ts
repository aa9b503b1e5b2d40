import { UnrecoverableError, type Job } from 'bullmq';
import { sql, type UpdateObject } from 'kysely';
import type { Db } from '../../platform/database/database.js';
import type { Database } from '../../platform/database/schema.js';
import type { JobDefinition } from '../../platform/queue/job-definition.js';
import { EMAIL_QUEUE, SEND_EMAIL_JOB, type SendEmailData } from '../application/emails/email-delivery.js';
import type { EmailSecretBox } from '../application/emails/email-secret-box.js';
import { redactSecrets, renderSecrets, scrubSecrets, type EmailSecrets } from '../domain/email-secrets.js';
import { SECRET_GONE_ERROR } from '../domain/email.js';
import type { EmailOutcome, EmailSender } from '../email-sender/email-sender.port.js';

export type SendEmailOptions = {
  /** Opens the sealed secrets of an email (a reset token) to render them into the message handed to the sender. */
  box: EmailSecretBox;
};

const MAX_ERROR_LENGTH = 2000;

/**
 * Sends one email row: claims it, hands it to the email sender port, records the outcome (`sent` or `logged`). Each
 * run counts an attempt on the row; a sender error is recorded and rethrown so BullMQ retries with backoff, and the
 * row turns `failed` only when the job's last attempt fails.
 *
 * A row with secrets is rendered here, in memory, from its sealed `email_secrets` row; that row is deleted once the
 * email is sent or printed (and kept after a failure, until it expires, so a retry still sends a working link). If
 * it is gone (expired, already sent, or sealed under another JWT_SECRET) the email fails at once with a sentence
 * saying so, never sent with a broken or redacted link.
 */
export function sendEmailJob(db: Db, sender: EmailSender, options: SendEmailOptions): JobDefinition {
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

      let secrets: EmailSecrets = {};
      let message: { subject: string; text: string; html: string | null };
      try {
        if (email.has_secrets) {
          const row = await db
            .selectFrom('email_secrets')
            .select('sealed')
            .where('email_id', '=', emailId)
            .where('expires_at', '>', sql<Date>`now()`)
            .executeTakeFirst();
          const opened = row && options.box.open(emailId, row.sealed);
          if (!opened) throw new SecretGone();
          secrets = opened;
        }
        message = {
          subject: renderSecrets(email.subject, secrets),
          text: renderSecrets(email.text_body, secrets),
          html: renderSecrets(email.html_body, secrets),
        };
      } catch (error) {
        // Nothing a later attempt could change: fail now, with a sentence for staff (retrying by hand is refused too).
        if (!(error instanceof SecretGone)) throw error;
        await db
          .updateTable('emails')
          .set({ status: 'failed', last_error: SECRET_GONE_ERROR, updated_at: sql<Date>`now()` })
          .where('id', '=', emailId)
          .execute();
        await db.deleteFrom('email_secrets').where('email_id', '=', emailId).execute();
        throw new UnrecoverableError(SECRET_GONE_ERROR);
      }

      const attachments = await db
        .selectFrom('email_attachments')
        .select(['filename', 'content_type', 'content'])
        .where('email_id', '=', emailId)
        .orderBy('position')
        .execute();
      let outcome: EmailOutcome;
      try {
        outcome = await sender.send({
          to: email.to_address,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          redacted: { subject: redactSecrets(email.subject), text: redactSecrets(email.text_body) },
          ...(attachments.length
            ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, content: a.content })) }
            : {}),
        });
      } catch (error) {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        await db
          .updateTable('emails')
          .set({ status: lastAttempt ? 'failed' : 'queued', last_error: describe(error, secrets), updated_at: sql<Date>`now()` })
          .where('id', '=', emailId)
          .execute();
        throw error;
      }
      if (outcome.status === 'logged') {
        await finish(db, emailId, { status: 'logged', last_error: null });
        return { logged: emailId };
      }
      await finish(db, emailId, { status: 'sent', message_id: outcome.messageId ?? null, last_error: null, sent_at: sql<Date>`now()` });
      return { sent: emailId, messageId: outcome.messageId };
    },
  };
}

class SecretGone extends Error {}

/** Marks the row done and drops its secrets, together: a sent email's link is needed nowhere any more. */
async function finish(db: Db, emailId: string, set: UpdateObject<Database, 'emails'>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('emails')
      .set({ ...set, updated_at: sql<Date>`now()` })
      .where('id', '=', emailId)
      .execute();
    await trx.deleteFrom('email_secrets').where('email_id', '=', emailId).execute();
  });
}

function describe(error: unknown, secrets: EmailSecrets): string {
  const message = scrubSecrets(error instanceof Error ? error.message : String(error), secrets);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}
