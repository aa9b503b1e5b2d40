import { sql, type Kysely } from 'kysely';

/**
 * Issue 13, collection reminders: one row per (loan, instalment, offset) that close of business queued, with what
 * became of it. A record of side effects (an email handed to the outbox, or not), not a projection: see
 * docs/collections.md. `offset_days` is signed: negative before the due date (due soon), positive after (overdue).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collection_reminders (
      loan_id uuid NOT NULL,
      instalment_number integer NOT NULL,
      offset_days integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('due-soon', 'overdue')),
      due_on date NOT NULL,
      scheduled_for timestamptz NOT NULL,
      sent_at timestamptz,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'skipped-paid', 'failed')),
      email_id uuid,
      failure text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (loan_id, instalment_number, offset_days)
    )`.execute(db);
  await sql`CREATE INDEX collection_reminders_sent ON collection_reminders (sent_at DESC) WHERE sent_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE collection_reminders`.execute(db);
}
