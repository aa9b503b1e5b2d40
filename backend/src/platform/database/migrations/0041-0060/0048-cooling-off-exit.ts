import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 item 1, the cooling-off exit under maker-checker: staff who may pay loans out (loans.disburse) may ask
 * for an exit for a borrower (loans.cooling-off.exit, the maker); an operations manager may ask and approve
 * (loans.cooling-off.approve, the checker, never their own: the decider refuses 403 same-person). The administrator
 * holds every permission by definition. No table: the exit lives in the loan's stream and its loan_state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{loans.cooling-off.exit}'::text[], updated_at = now()
    WHERE 'loans.disburse' = ANY(permissions) AND NOT 'loans.cooling-off.exit' = ANY(permissions)`.execute(db);
  await sql`
    UPDATE staff_roles
    SET permissions = array_remove(array_remove(permissions, 'loans.cooling-off.exit'), 'loans.cooling-off.approve')
      || '{loans.cooling-off.exit,loans.cooling-off.approve}'::text[], updated_at = now()
    WHERE id = 'operations-manager'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const permission of ['loans.cooling-off.exit', 'loans.cooling-off.approve']) {
    await sql`UPDATE staff_roles SET permissions = array_remove(permissions, ${permission})`.execute(db);
  }
}
