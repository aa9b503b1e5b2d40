import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, leads and agents: `leads.work` is an agent's own worklist (leads assigned to them, walk-ins they
 * create), beside `leads.manage` for every lead (assigning, the dashboard's counts). A sales agent works their own
 * leads only, so the role trades leads.manage (given in 0016) for leads.work; credit officers keep leads.manage
 * and get leads.work too. The administrator holds every permission by definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE staff_roles SET permissions = array_remove(permissions, 'leads.manage') || '{leads.work}'::text[], updated_at = now()
    WHERE id = 'sales-agent' AND NOT 'leads.work' = ANY(permissions)`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{leads.work}'::text[], updated_at = now()
    WHERE id = 'credit-officer' AND NOT 'leads.work' = ANY(permissions)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = permissions || '{leads.manage}'::text[] WHERE id = 'sales-agent' AND NOT 'leads.manage' = ANY(permissions)`.execute(
    db,
  );
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'leads.work')`.execute(db);
}
