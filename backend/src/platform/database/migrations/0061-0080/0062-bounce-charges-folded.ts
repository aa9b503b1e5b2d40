import { sql, type Kysely } from 'kysely';

/**
 * Issue 32: the servicing read model (`loan_servicing`, `loan_instalments`, `loan_transactions`) and the books now fold
 * `BounceChargeApplied` as a penal charge; before, they left it out, so a bounce's charge was missing from the loan
 * pages and the journal, and the re-presentation that paid it read as credit balance. A database whose log already
 * holds a bounce charge owes a rebuild (projections/pending-rebuilds.ts runs it at the next start); one without owes
 * nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO projection_rebuilds_pending (reason)
    SELECT 'issue 32: bounce charges are folded by servicing and the books'
     WHERE EXISTS (SELECT 1 FROM events WHERE type = 'BounceChargeApplied')
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM projection_rebuilds_pending WHERE reason = 'issue 32: bounce charges are folded by servicing and the books'`.execute(
    db,
  );
}
