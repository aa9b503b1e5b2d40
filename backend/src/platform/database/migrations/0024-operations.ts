import { sql, type Kysely } from 'kysely';

/**
 * Issue 16, operations: the `operations.view` permission (metrics at /api/metrics, the queue board at /Admin/queues)
 * goes to the built-in operations manager; the administrator holds every permission by definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'operations.view')
     WHERE id = 'operations-manager' AND NOT ('operations.view' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'operations.view')`.execute(db);
}
