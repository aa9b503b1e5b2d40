import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DB, type Db } from '../../../platform/database/database.js';
import { oneLine } from '../../../platform/text/text-fields.js';
import { QUEUE_BACKEND, type QueueBackend } from '../../../platform/queue/queue-backend.js';
import { secretNamesIn } from '../../domain/email-secrets.js';
import type { EmailMessage } from '../../domain/email.js';
import { EMAIL_DELIVERY, enqueueEmailOrLeaveQueued, type EmailDeliveryOptions } from './email-delivery.js';
import { EMAIL_SECRET_BOX, type EmailSecretBox } from './email-secret-box.js';

/**
 * How the rest of the product sends email: the message is written to the `emails` table as `queued`, then handed to
 * the `email` queue, where a worker sends it (or prints it when no SMTP_URL is set). If the queue cannot take it
 * right now the row stays `queued` and the `email.sweep` job hands it over later: a message is never lost.
 *
 * A message's secrets (see EmailMessage) are sealed into `email_secrets`, in the same transaction; the `emails` row
 * keeps only the placeholders, so the log never holds a working link.
 */
@Injectable()
export class EmailOutbox {
  private readonly logger = new Logger('EmailOutbox');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(EMAIL_DELIVERY) private readonly options: EmailDeliveryOptions,
    @Inject(EMAIL_SECRET_BOX) private readonly box: EmailSecretBox,
  ) {}

  async send(message: EmailMessage): Promise<{ id: string }> {
    const id = randomUUID();
    const secrets = message.secrets ?? {};
    const used = secretNamesIn(message.subject, message.text, message.html);
    const given = Object.keys(secrets);
    // Programming errors, caught by the sender's tests: never store a message that would render half a link.
    if (used.some((n) => !given.includes(n)) || given.some((n) => !used.includes(n))) {
      throw new Error(
        `Email secrets do not match the message's placeholders (placeholders: ${used.join(', ') || 'none'}; secrets: ${given.join(', ') || 'none'})`,
      );
    }
    if (given.length > 0 && !(message.secretsExpireAt instanceof Date)) throw new Error('An email with secrets needs secretsExpireAt');
    // Header values are one line whatever the caller passed: no header can be injected through a name or a subject.
    const to = message.to.trim();
    if (/[\s\p{Cc}]/u.test(to) || to.includes(',')) throw new Error('An email recipient must be one bare address');

    const written = await this.db.transaction().execute(async (trx) => {
      // A message with a dedupe key is written once: a repeat (a subscription reading an event again) finds the key.
      if (message.dedupeKey) {
        const claimed = await trx
          .insertInto('email_dedupe')
          .values({ key: message.dedupeKey, email_id: id })
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!claimed) {
          const first = await trx
            .selectFrom('email_dedupe')
            .select('email_id')
            .where('key', '=', message.dedupeKey)
            .executeTakeFirstOrThrow();
          return { id: first.email_id, repeat: true };
        }
      }
      await trx
        .insertInto('emails')
        .values({
          id,
          to_address: to,
          subject: oneLine(message.subject),
          text_body: message.text,
          html_body: message.html ?? null,
          template: message.template ?? null,
          template_id: message.templateRef?.id ?? null,
          template_version: message.templateRef?.version ?? null,
          template_source: message.templateSource ?? null,
          user_id: message.userId ?? null,
          status: 'queued',
          has_secrets: given.length > 0,
        })
        .execute();
      const attachments = message.attachments ?? [];
      if (attachments.length > 0) {
        await trx
          .insertInto('email_attachments')
          .values(
            attachments.map((a, position) => ({
              email_id: id,
              position,
              filename: oneLine(a.filename),
              content_type: a.contentType,
              size_bytes: a.content.length,
              content: a.content,
            })),
          )
          .execute();
      }
      if (given.length > 0) {
        await trx
          .insertInto('email_secrets')
          .values({ email_id: id, sealed: this.box.seal(id, secrets), expires_at: message.secretsExpireAt! })
          .execute();
      }
      return { id, repeat: false };
    });
    if (written.repeat) return { id: written.id };
    try {
      await enqueueEmailOrLeaveQueued(this.queue, this.options, id);
    } catch (error) {
      this.logger.warn(`Email ${id} is recorded but could not be queued yet (${(error as Error).message}); the sweeper will queue it.`);
    }
    return { id };
  }
}
