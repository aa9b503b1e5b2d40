import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 item 2, documents sent on signing. `email_attachments`: an email's files (name, type, size and bytes; the
 * email log shows names and sizes, never the bytes). `document_deliveries`: one row per signing (the AgreementSigned
 * event's position) and channel, what was sent (`documents`), to whom, and how it went; an email row's status and
 * attempts are its email's (`email_id`), an SMS row's its own (the `documents` queue retries it).
 *
 * The `signed-documents` subscription starts at the log's head: the agreements signed before this release were not
 * sent their documents then, and a first start does not email every borrower who ever signed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_attachments (
      email_id uuid NOT NULL REFERENCES emails(id) ON DELETE CASCADE,
      position int NOT NULL,
      filename text NOT NULL,
      content_type text NOT NULL,
      size_bytes int NOT NULL,
      content bytea NOT NULL,
      PRIMARY KEY (email_id, position)
    )`.execute(db);
  await sql`
    CREATE TABLE document_deliveries (
      id uuid PRIMARY KEY,
      loan_id uuid NOT NULL,
      borrower_id uuid NOT NULL,
      event_position bigint NOT NULL,
      documents text[] NOT NULL,
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      recipient text,
      status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'skipped')),
      attempts int NOT NULL DEFAULT 0,
      last_error text,
      email_id uuid REFERENCES emails(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (event_position, channel)
    )`.execute(db);
  await sql`CREATE INDEX document_deliveries_loan ON document_deliveries (loan_id, created_at)`.execute(db);
  await sql`
    INSERT INTO subscription_checkpoints (name, transaction_id, global_position)
    SELECT 'signed-documents', transaction_id, global_position FROM events
    ORDER BY transaction_id DESC, global_position DESC LIMIT 1
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM subscription_checkpoints WHERE name = 'signed-documents'`.execute(db);
  await sql`DROP TABLE document_deliveries`.execute(db);
  await sql`DROP TABLE email_attachments`.execute(db);
}
