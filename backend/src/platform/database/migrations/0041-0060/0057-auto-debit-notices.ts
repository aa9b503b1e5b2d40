import { sql, type Kysely } from 'kysely';

/**
 * Issue 32 items 2–3: the borrower's auto-debit notices by SMS and email (docs/mandates.md, "Notices to the borrower").
 * `auto_debit_notices` is their claim table: one row per notice, keyed by what it is about (a presentation's id, or a
 * mandate's id for the end of a mandate) and its kind (`pre-debit`, `bounced`, `mandate-ended`). Whoever inserts the
 * row sends the notice, so a subscription that replays its events or two workers racing send it once; the row records
 * what was sent (`sent_at`, the email's id, the SMS's status). A claim left `claimed` by a process that stopped before
 * sending is taken over after a while (application/auto-debit-notices.ts). Not a read model: nothing rebuilds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE auto_debit_notices (
      about text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('pre-debit', 'bounced', 'mandate-ended')),
      loan_id uuid NOT NULL,
      source_position bigint NOT NULL,
      status text NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'sent', 'skipped')),
      claimed_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      email_id uuid,
      sms_status text,
      PRIMARY KEY (about, kind)
    )`.execute(db);
  await sql`CREATE INDEX auto_debit_notices_loan ON auto_debit_notices (loan_id, claimed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE auto_debit_notices`.execute(db);
}
