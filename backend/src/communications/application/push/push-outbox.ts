import { Inject, Injectable, Logger } from '@nestjs/common';
import { DB, type Db } from '../../../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../../../platform/queue/queue-backend.js';
import { tokenTail, type PushMessage } from '../../domain/push.js';
import { PUSH_ATTEMPTS, PUSH_BACKOFF_MS, PUSH_QUEUE, SEND_PUSH_JOB, type SendPushData } from './push-delivery.js';

export type PushRequest = {
  userId: string;
  message: PushMessage;
  /** What the push is about (an event's position, a reminder's key): with the token, the push's dedupe key. */
  about: string;
  /** When it happened: a device registered later is not told about it. */
  happenedAt?: Date;
};

/**
 * Addresses a push to each registered device of a user: one `pushes` row per (about, token), written before its job
 * is queued. A repeat (a re-delivered event, a reminder job run twice) finds the row and re-adds its job only while it
 * is still queued; the job id is the push's id, so that adds nothing while the job exists.
 */
@Injectable()
export class PushOutbox {
  private readonly logger = new Logger('PushOutbox');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
  ) {}

  async send({ userId, message, about, happenedAt }: PushRequest): Promise<number> {
    let query = this.db.selectFrom('push_tokens').select(['id', 'token']).where('user_id', '=', userId);
    if (happenedAt) query = query.where('created_at', '<=', happenedAt);
    const tokens = await query.execute();
    let queued = 0;
    for (const token of tokens) {
      const dedupeKey = `${about}:token:${token.id}`;
      const inserted = await this.db
        .insertInto('pushes')
        .values({
          dedupe_key: dedupeKey,
          user_id: userId,
          token_id: token.id,
          token_tail: tokenTail(token.token),
          topic: message.topic,
          title: message.title,
          body: message.body,
          link: message.link,
        })
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning(['id', 'status'])
        .executeTakeFirst();
      const push =
        inserted ??
        (await this.db.selectFrom('pushes').select(['id', 'status']).where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow());
      if (push.status !== 'queued') continue;
      await this.queue.add(PUSH_QUEUE, SEND_PUSH_JOB, { pushId: push.id } satisfies SendPushData, {
        jobId: `push-${push.id}`,
        attempts: PUSH_ATTEMPTS,
        backoff: { type: 'exponential', delay: PUSH_BACKOFF_MS },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: false,
      });
      if (inserted) queued += 1;
    }
    if (queued > 0) this.logger.debug(`${queued} push(es) queued about ${about}`);
    return queued;
  }
}
