import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The email log and outbox: a row is written before its BullMQ job, so a message is never lost between the two.
  await sql`
    CREATE TABLE emails (
      id uuid PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      template text,
      user_id uuid,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'logged')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      message_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`.execute(db);
  // The sweeper reads queued rows oldest first; the admin list reads newest first, optionally by status.
  await sql`CREATE INDEX emails_status_created ON emails (status, created_at)`.execute(db);
  await sql`CREATE INDEX emails_created ON emails (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE emails`.execute(db);
}
