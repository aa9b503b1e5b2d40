import type { Job } from 'bullmq';
import { sql, type UpdateObject } from 'kysely';
import type { Db } from '../../platform/database/database.js';
import type { Database } from '../../platform/database/schema.js';
import type { JobDefinition } from '../../platform/queue/job-definition.js';
import { PUSH_QUEUE, SEND_PUSH_JOB, type SendPushData } from '../application/push/push-delivery.js';
import type { PushOutcome, PushSender } from '../push-sender/push-sender.port.js';

const MAX_ERROR_LENGTH = 2000;
const TOKEN_GONE = 'The device unregistered (signed out or turned notifications off) before the push was sent.';
const REMOVED_MEANWHILE = 'another push to the same device met the same refusal first and removed its registration';

/**
 * Sends one push row: claims it (counting the attempt), hands it to the push sender port with its device's current
 * token, and records the outcome: `sent` (FCM's message id), `logged` (development adapter), `token-removed` (FCM
 * says the token is dead: the registration is deleted with the outcome, in one transaction; of pushes to the same
 * device that ran at once, only the one whose transaction deleted it says so), `failed` at once (FCM refused the
 * message itself, e.g. `messaging/invalid-argument`: the registration is kept), `skipped` (the device unregistered
 * meanwhile, or another push to it met the same refusal first and removed it: FCM's reason is kept). A sender error
 * is recorded and rethrown so BullMQ retries with backoff; the row turns `failed` only when the last attempt fails. A
 * sent push is never sent again (a duplicate job is a no-op).
 */
export function sendPushJob(db: Db, sender: PushSender): JobDefinition {
  return {
    queue: PUSH_QUEUE,
    name: SEND_PUSH_JOB,
    async process(job: Job) {
      const { pushId } = job.data as SendPushData;
      const push = await db
        .updateTable('pushes')
        .set({ attempts: sql<number>`attempts + 1`, updated_at: sql<Date>`now()` })
        .where('id', '=', pushId)
        .where('status', '=', 'queued')
        .returningAll()
        .executeTakeFirst();
      if (!push) return { skipped: pushId };
      const device = push.token_id
        ? await db.selectFrom('push_tokens').select(['id', 'token']).where('id', '=', push.token_id).executeTakeFirst()
        : undefined;
      if (!device) {
        await finish(db, pushId, { status: 'skipped', last_error: TOKEN_GONE });
        return { skipped: pushId };
      }
      let outcome: PushOutcome;
      try {
        outcome = await sender.send({ token: device.token, title: push.title, body: push.body, link: push.link });
      } catch (error) {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        await finish(db, pushId, { status: lastAttempt ? 'failed' : 'queued', last_error: describe(error) });
        throw error;
      }
      switch (outcome.status) {
        case 'sent':
          await finish(db, pushId, { status: 'sent', message_id: outcome.messageId, last_error: null, sent_at: sql<Date>`now()` });
          return { sent: pushId };
        case 'logged':
          await finish(db, pushId, { status: 'logged', last_error: null });
          return { logged: pushId };
        case 'rejected':
          // FCM refused the message, not the device: failed now (a retry sends the same payload), the token stays.
          await finish(db, pushId, { status: 'failed', last_error: describe(outcome.reason) });
          return { failed: pushId };
        case 'unregistered': {
          // A concurrent push's DELETE holds the row until it commits; this one then deletes nothing.
          const removed = await db.transaction().execute(async (trx) => {
            const deleted = await trx.deleteFrom('push_tokens').where('id', '=', device.id).returning('id').executeTakeFirst();
            await finish(
              trx,
              pushId,
              deleted
                ? { status: 'token-removed', last_error: outcome.reason }
                : { status: 'skipped', last_error: `${outcome.reason}: ${REMOVED_MEANWHILE}` },
            );
            return deleted !== undefined;
          });
          return removed ? { tokenRemoved: pushId } : { skipped: pushId };
        }
      }
    },
  };
}

function finish(db: Db, pushId: string, set: UpdateObject<Database, 'pushes'>) {
  return db
    .updateTable('pushes')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('id', '=', pushId)
    .execute();
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}
