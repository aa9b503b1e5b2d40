import { sql, type Kysely } from 'kysely';

/**
 * Issue 9: the email log must hold no working password-reset link. New emails keep their secrets sealed in
 * `email_secrets` (deleted once sent, or when they expire) and a `{{secret:<name>}}` placeholder in the message.
 *
 * Rows written before this migration hold the raw link: the token is replaced by the placeholder (so the log shows
 * `[redacted]`, and a retry of such a row fails clearly instead of sending a link nobody can render), and every
 * reset link still unused is voided, since staff could read them: their owners ask for a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE emails ADD COLUMN has_secrets boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE email_secrets (
      email_id uuid PRIMARY KEY REFERENCES emails (id) ON DELETE CASCADE,
      sealed text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_secrets_expires_at ON email_secrets (expires_at)`.execute(db);

  const token = '(/Auth/confirm-password/)[A-Za-z0-9_-]+';
  await sql`
    UPDATE emails SET
      subject = regexp_replace(subject, ${token}, '\\1{{secret:reset-token}}', 'g'),
      text_body = regexp_replace(text_body, ${token}, '\\1{{secret:reset-token}}', 'g'),
      html_body = regexp_replace(html_body, ${token}, '\\1{{secret:reset-token}}', 'g'),
      last_error = regexp_replace(last_error, ${token}, '\\1{{secret:reset-token}}', 'g'),
      has_secrets = true
    WHERE subject ~ ${token} OR text_body ~ ${token} OR html_body ~ ${token} OR last_error ~ ${token}`.execute(db);
  await sql`UPDATE password_resets SET used_at = now() WHERE used_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE email_secrets`.execute(db);
  await sql`ALTER TABLE emails DROP COLUMN has_secrets`.execute(db);
}
