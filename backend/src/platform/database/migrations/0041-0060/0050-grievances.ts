import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 item 4, grievances: a help issue of category `complaint` keeps the grievance officer the KFS named when it
 * was raised (`grievance_officer`: name, phone, email), and when it was escalated for not being resolved within 30
 * days (`escalated_at`). The monthly report reads complaints by when they were received, resolved and escalated.
 * `grievances.view` (the report, in the console and as CSV) is given to the operations manager.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE help_issues ADD COLUMN grievance_officer jsonb, ADD COLUMN escalated_at timestamptz`.execute(db);
  await sql`CREATE INDEX help_issues_complaints ON help_issues (created_at) WHERE category = 'complaint'`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{grievances.view}'::text[], updated_at = now()
    WHERE id = 'operations-manager' AND NOT 'grievances.view' = ANY(permissions)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'grievances.view')`.execute(db);
  await sql`DROP INDEX help_issues_complaints`.execute(db);
  await sql`ALTER TABLE help_issues DROP COLUMN grievance_officer, DROP COLUMN escalated_at`.execute(db);
}
