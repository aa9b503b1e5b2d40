import { sql, type Kysely } from 'kysely';

/**
 * Issue 16, operations: the `operations.view` permission (metrics at /api/metrics, the queue board at /Admin/queues)
 * goes to the built-in operations manager; the administrator holds every permission by definition.
 *
 * And the event log's identity: one random id per database, made once here and never changed, that namespaces every
 * key this database's processes write to Redis (queues and job ids, rate limits, socket fan-out). Two event logs on
 * one Redis (staging beside production, a restored backup, a test run) then never share a job id such as
 * `borrower-notifications-42`, so neither drops the other's side effects as a repeat. A restored backup keeps the id
 * of its source: give it its own Redis (or database) prefix when both run at once (docs/operations.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE event_log_identity (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`INSERT INTO event_log_identity DEFAULT VALUES`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'operations.view')
     WHERE id = 'operations-manager' AND NOT ('operations.view' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE event_log_identity`.execute(db);
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'operations.view')`.execute(db);
}
