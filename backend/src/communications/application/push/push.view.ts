import type { Selectable } from 'kysely';
import type { PushesTable } from '../../../platform/database/schema.js';

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/** A push as staff see it in the log: the token's tail only. */
export function pushView(r: Selectable<PushesTable>) {
  return {
    id: r.id,
    userId: r.user_id,
    device: r.token_tail,
    topic: r.topic,
    title: r.title,
    body: r.body,
    link: r.link,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    messageId: r.message_id,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    sentAt: iso(r.sent_at),
  };
}
