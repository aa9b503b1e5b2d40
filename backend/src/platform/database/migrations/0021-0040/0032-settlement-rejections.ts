import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 loose ends: a settlement offer can be rejected by the checker (with a reason) or withdrawn by its maker.
 * `settlement_offers` (projection settlement-offers) records who closed it, when and why. A rejected write-off needs
 * no column: it lives in the loan's state (loan_summaries.loan_state), as the request and the approval do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE settlement_offers ADD COLUMN closed_by text, ADD COLUMN closed_at timestamptz, ADD COLUMN close_reason text`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE settlement_offers DROP COLUMN closed_by, DROP COLUMN closed_at, DROP COLUMN close_reason`.execute(db);
}
