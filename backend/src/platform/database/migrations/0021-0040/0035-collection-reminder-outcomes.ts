import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 follow-up: what became of each collection reminder is an event in the loan's stream
 * (CollectionReminderSent, CollectionReminderSkipped), and `collection_reminder_outcomes` is their projection (the
 * `Reminder` bucket and rows' lastReminderAt read it; projections:rebuild and :verify cover it). One row per
 * (loan, instalment, offset); `version` is the event's version in the stream. Nothing is backfilled: reminders sent
 * before this change have no event, so they keep only their `collection_reminders` row (the job's outbox, which the
 * buckets no longer read). See docs/collections.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collection_reminder_outcomes (
      loan_id uuid NOT NULL,
      instalment_number integer NOT NULL,
      offset_days integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('due-soon', 'overdue')),
      due_on date NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('sent', 'skipped-paid')),
      at timestamptz NOT NULL,
      email_id uuid,
      version integer NOT NULL,
      PRIMARY KEY (loan_id, instalment_number, offset_days)
    )`.execute(db);
  await sql`CREATE INDEX collection_reminder_outcomes_sent ON collection_reminder_outcomes (loan_id, instalment_number, at DESC) WHERE outcome = 'sent'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE collection_reminder_outcomes`.execute(db);
}
