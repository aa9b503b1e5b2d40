import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 item 3, collection queues: who works a loan and what was said to the borrower. Both tables are read models
 * of events in the loan's own stream (lending/collections/projections/collection-work.projection.ts), rebuilt and verified with
 * the others.
 *  - `collection_loans`: per loan someone assigned or contacted, its collector and the last contact (with the
 *    promise to pay, if one was made, and the business date it was made on).
 *  - `collection_contacts`: the contact log, one row per CollectionContactRecorded.
 * The indexes let the buckets read a page by index: instalments by due date (Upcoming, Due, Overdue, Reminder),
 * by paid date (Paid), loans by state and disbursal date (Active, closed, Setteled, Disbursal).
 * Permissions: `collections.view` (the buckets, the contact log, recording contacts on the loans assigned to you) is
 * new; assigning and working any loan stay with `collections.manage`. The collections agent (0004, who already holds
 * collections.manage: the team's lead, runs COB) and the operations manager get collections.view; a new built-in
 * `collector` role works only the loans assigned to it. The administrator holds every permission by definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE collection_loans (
      loan_id uuid PRIMARY KEY,
      assigned_to text,
      assigned_by text,
      assigned_at timestamptz,
      last_contact_at timestamptz,
      last_contact_outcome text,
      promise_to_pay_on date,
      promise_made_on date,
      version integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX collection_loans_assigned_to ON collection_loans (assigned_to) WHERE assigned_to IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE collection_contacts (
      loan_id uuid NOT NULL,
      version integer NOT NULL,
      channel text NOT NULL,
      outcome text NOT NULL,
      note text NOT NULL,
      promise_to_pay_on date,
      business_date date NOT NULL,
      recorded_by text NOT NULL,
      recorded_at timestamptz NOT NULL,
      PRIMARY KEY (loan_id, version)
    )`.execute(db);
  await sql`CREATE INDEX loan_instalments_due_date ON loan_instalments (due_date)`.execute(db);
  await sql`CREATE INDEX loan_instalments_paid_on ON loan_instalments (paid_on) WHERE paid_on IS NOT NULL`.execute(db);
  await sql`CREATE INDEX loan_summaries_state_disbursed ON loan_summaries (state, disbursed_on)`.execute(db);

  await sql`
    UPDATE staff_roles SET permissions = permissions || '{collections.view}'::text[], updated_at = now()
    WHERE id IN ('collections-agent', 'operations-manager') AND NOT 'collections.view' = ANY(permissions)`.execute(db);
  await sql`
    INSERT INTO staff_roles (id, name, description, permissions, built_in)
    SELECT 'collector', 'Collector', 'Works the collection loans assigned to them: sees the buckets, records contacts and promises to pay.',
      '{loans.view,customers.view,collections.view}', true
    WHERE NOT EXISTS (SELECT 1 FROM staff_roles WHERE id = 'collector' OR lower(name) = 'collector')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM staff_roles WHERE id = 'collector' AND NOT EXISTS (SELECT 1 FROM users WHERE staff_role_id = 'collector')`.execute(
    db,
  );
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'collections.view')`.execute(db);
  await sql`DROP INDEX loan_summaries_state_disbursed`.execute(db);
  await sql`DROP INDEX loan_instalments_paid_on`.execute(db);
  await sql`DROP INDEX loan_instalments_due_date`.execute(db);
  await sql`DROP TABLE collection_contacts, collection_loans`.execute(db);
}
