import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../../../platform/queue/queue-backend.js';
import { EMAIL_DELIVERY, EMAIL_QUEUE, enqueueEmail, retryJobId, type EmailDeliveryOptions } from './email-delivery.js';

const BATCH = 500;

/**
 * Hands `queued` rows that nobody has touched for a while back to the queue: the outbox (or a retry) wrote the row
 * but could not enqueue its job. Rows whose job is still waiting, delayed or running are left alone (the job id is
 * the email id, so enqueueing it again would add nothing anyway); a row whose job already finished without
 * finishing the row gets a fresh job. It also deletes email secrets (reset tokens) that have expired.
 */
@Injectable()
export class EmailSweeper {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(EMAIL_DELIVERY) private readonly options: EmailDeliveryOptions,
  ) {}

  async sweep(): Promise<{ requeued: string[]; expiredSecrets: number }> {
    // A secret past its expiry opens nothing any more (a reset link expires with it): drop it.
    const expired = await this.db
      .deleteFrom('email_secrets')
      .where('expires_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    const stale = await this.db
      .selectFrom('emails')
      .select(['id', 'attempts'])
      .where('status', '=', 'queued')
      .where('updated_at', '<', sql<Date>`now() - ${this.options.staleAfterMs} * interval '1 millisecond'`)
      .orderBy('created_at')
      .limit(BATCH)
      .execute();
    const requeued: string[] = [];
    const queue = this.queue.queue(EMAIL_QUEUE);
    for (const row of stale) {
      const state = await queue.getJobState(row.id);
      let jobId = row.id;
      if (state === 'completed' || state === 'failed') {
        // The retry endpoint names its job the same way, so a retry whose job exists is not doubled.
        jobId = retryJobId(row.id, row.attempts);
        if ((await queue.getJobState(jobId)) !== 'unknown') continue;
      } else if (state !== 'unknown') {
        continue;
      }
      await enqueueEmail(this.queue, this.options, row.id, jobId);
      requeued.push(row.id);
    }
    return { requeued, expiredSecrets: Number(expired.numDeletedRows) };
  }
}
