import { sql, type Kysely } from 'kysely';

/**
 * Issue 31 items 3 and 4: manual journal entries and period close, both maker-checker and both in the log
 * (docs/accounting.md). The accounting projection now also posts approved manual entries (no loan: `loan_id` may be
 * null, kind `manual`, a narration) and dates a loan event that falls in a closed period on the first open day
 * (`original_value_date` keeps the event's own date). `manual_journal_entries` and `accounting_period_closes` are the
 * requests as staff see them (projection `accounting-requests`). The Accountant role may now propose and close.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE journal_entries ALTER COLUMN loan_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE journal_lines ALTER COLUMN loan_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check`.execute(db);
  await sql`ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('event', 'reallocation', 'manual'))`.execute(
    db,
  );
  await sql`ALTER TABLE journal_entries ADD COLUMN narration text, ADD COLUMN original_value_date date`.execute(db);
  await sql`
    CREATE TABLE manual_journal_entries (
      id uuid PRIMARY KEY,
      entry_date date NOT NULL,
      narration text NOT NULL,
      lines jsonb NOT NULL,
      amount bigint NOT NULL,
      status text NOT NULL CHECK (status IN ('proposed', 'approved', 'rejected')),
      proposed_by text NOT NULL,
      proposed_at timestamptz NOT NULL,
      decided_by text,
      decided_at timestamptz,
      reason text
    )`.execute(db);
  await sql`CREATE INDEX manual_journal_entries_date ON manual_journal_entries (entry_date, id)`.execute(db);
  await sql`
    CREATE TABLE accounting_period_closes (
      id uuid PRIMARY KEY,
      through date NOT NULL,
      status text NOT NULL CHECK (status IN ('requested', 'closed', 'rejected')),
      requested_by text NOT NULL,
      requested_at timestamptz NOT NULL,
      decided_by text,
      decided_at timestamptz,
      reason text
    )`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array(SELECT DISTINCT unnest(permissions || '{accounting.post,accounting.close}'::text[]) ORDER BY 1)
     WHERE id = 'accountant'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(array_remove(permissions, 'accounting.post'), 'accounting.close') WHERE id = 'accountant'`.execute(
    db,
  );
  await sql`DROP TABLE accounting_period_closes, manual_journal_entries`.execute(db);
  await sql`DELETE FROM journal_lines WHERE loan_id IS NULL`.execute(db);
  await sql`DELETE FROM journal_entries WHERE loan_id IS NULL`.execute(db);
  await sql`ALTER TABLE journal_entries DROP COLUMN narration, DROP COLUMN original_value_date`.execute(db);
  await sql`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check`.execute(db);
  await sql`ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('event', 'reallocation'))`.execute(db);
  await sql`ALTER TABLE journal_lines ALTER COLUMN loan_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE journal_entries ALTER COLUMN loan_id SET NOT NULL`.execute(db);
}
