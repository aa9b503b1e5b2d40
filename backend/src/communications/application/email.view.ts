import type { Selectable } from 'kysely';
import type { EmailsTable } from '../../platform/database/schema.js';

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/** An email as staff see it: the row with camelCase names. */
export function emailView(r: Selectable<EmailsTable>) {
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    template: r.template,
    userId: r.user_id,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    messageId: r.message_id,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    sentAt: iso(r.sent_at),
  };
}

export type EmailView = ReturnType<typeof emailView>;
