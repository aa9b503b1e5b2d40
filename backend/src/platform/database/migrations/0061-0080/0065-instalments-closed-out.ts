import { sql, type Kysely } from 'kysely';

const REASON = 'instalments closed out by a settlement, write-off or cooling-off exit read closed, not paid';

/**
 * `loan_instalments.closed_out`: which close-out (settlement, writeOff, coolingOffExit) took what was still owed on an
 * instalment off the books. Before, such an instalment read `paid`: a written-off loan showed every instalment paid.
 * A database whose log already holds a close-out owes a rebuild (projections/pending-rebuilds.ts runs it at the next
 * start); one without owes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_instalments ADD COLUMN closed_out text`.execute(db);
  await sql`
    INSERT INTO projection_rebuilds_pending (reason)
    SELECT ${REASON}
     WHERE EXISTS (SELECT 1 FROM events WHERE type IN ('LoanSettled', 'LoanWrittenOff', 'LoanExitedInCoolingOff'))
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM projection_rebuilds_pending WHERE reason = ${REASON}`.execute(db);
  await sql`ALTER TABLE loan_instalments DROP COLUMN closed_out`.execute(db);
}
