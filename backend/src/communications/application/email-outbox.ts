import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../../platform/queue/queue-backend.js';
import type { EmailMessage } from '../domain/email.js';
import { EMAIL_DELIVERY, enqueueEmailOrLeaveQueued, type EmailDeliveryOptions } from './email-delivery.js';

/**
 * How the rest of the product sends email: the message is written to the `emails` table as `queued`, then handed to
 * the `email` queue, where a worker sends it (or prints it when no SMTP_URL is set). If the queue cannot take it
 * right now the row stays `queued` and the `email.sweep` job hands it over later: a message is never lost.
 */
@Injectable()
export class EmailOutbox {
  private readonly logger = new Logger('EmailOutbox');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(EMAIL_DELIVERY) private readonly options: EmailDeliveryOptions,
  ) {}

  async send(message: EmailMessage): Promise<{ id: string }> {
    const id = randomUUID();
    await this.db
      .insertInto('emails')
      .values({
        id,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        template: message.template ?? null,
        user_id: message.userId ?? null,
        status: 'queued',
      })
      .execute();
    try {
      await enqueueEmailOrLeaveQueued(this.queue, this.options, id);
    } catch (error) {
      this.logger.warn(`Email ${id} is recorded but could not be queued yet (${(error as Error).message}); the sweeper will queue it.`);
    }
    return { id };
  }
}
