import type { Selectable } from 'kysely';
import type { EmailsTable } from '../../../platform/database/schema.js';
import { redactSecrets } from '../../domain/email-secrets.js';

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/**
 * An email as staff see it: the row with camelCase names, every secret placeholder shown as `[redacted]`. The row
 * itself holds no secret (they are sealed in `email_secrets`, which no view reads); the redaction only makes the
 * placeholder readable.
 */
export function emailView(r: Selectable<EmailsTable>) {
  return {
    id: r.id,
    to: r.to_address,
    subject: redactSecrets(r.subject),
    text: redactSecrets(r.text_body),
    html: redactSecrets(r.html_body),
    template: r.template,
    templateId: r.template_id,
    templateVersion: r.template_version,
    templateSource: r.template_source,
    userId: r.user_id,
    status: r.status,
    attempts: r.attempts,
    lastError: redactSecrets(r.last_error),
    messageId: r.message_id,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    sentAt: iso(r.sent_at),
  };
}

export type EmailView = ReturnType<typeof emailView>;
