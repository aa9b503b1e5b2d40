import { sql, type Kysely } from 'kysely';

/**
 * Issue 27 item 3: collectors see what is owed now. `loan_instalments` gains what is still owed on each instalment by
 * component (`owed_principal`, `owed_interest`, `owed_fees`, `owed_penalties`), written by the loan-servicing projection
 * from the domain's `owedOf` (lending/loan/domain/schedule/owed-at.ts: each component less what was paid and waived).
 * The collection buckets, their detail pages and the dialer add these up over the instalments due by the business
 * date, so none of them shows an instalment's whole size or amounts not yet due.
 *
 * Backfill: the read model keeps no waived amounts, but the only events that waive today (a settlement, a write-off)
 * waive everything left, which leaves the instalment `paid`; so "nothing when paid, else the part less what was paid"
 * is what the fold gives for every row the log can have produced, and `projections:verify` holds after this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const part of ['principal', 'interest', 'fees', 'penalties']) {
    const column = sql.raw(`owed_${part}`);
    const expression = sql.raw(`CASE WHEN status = 'paid' THEN 0 ELSE GREATEST(${part} - paid_${part}, 0) END`);
    await sql`ALTER TABLE loan_instalments ADD COLUMN ${column} bigint NOT NULL DEFAULT 0`.execute(db);
    await sql`UPDATE loan_instalments SET ${column} = ${expression} WHERE status <> 'paid'`.execute(db);
    await sql`ALTER TABLE loan_instalments ALTER COLUMN ${column} DROP DEFAULT`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_instalments DROP COLUMN owed_principal, DROP COLUMN owed_interest, DROP COLUMN owed_fees, DROP COLUMN owed_penalties`.execute(
    db,
  );
}
