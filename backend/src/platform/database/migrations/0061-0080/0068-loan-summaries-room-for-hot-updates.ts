import { sql, type Kysely } from 'kysely';

/**
 * Issue 32 item 7: close of business's routine auto-debit steps (an instalment presented, the bank's acceptance, a
 * pre-debit notice) no longer move a loan's last move (`updated_at`, the one indexed column they changed), so the
 * update they make to the loan's `loan_summaries` row (its version, position and state) can be a HOT update: no new
 * entry in any of the table's indexes, provided the row's page has room for the new version. `fillfactor` 70 leaves
 * that room in every page written from now on (pages written before fill up as they are; a rebuild writes all of
 * them anew). A database whose log already holds such steps has rows whose `updated_at` is the step's: it owes a
 * rebuild (projections/pending-rebuilds.ts runs it at the next start), which folds them as the domain now does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_summaries SET (fillfactor = 70)`.execute(db);
  await sql`
    INSERT INTO projection_rebuilds_pending (reason)
    SELECT 'issue 32: routine auto-debit steps do not move a loan''s last move'
     WHERE EXISTS (SELECT 1 FROM events WHERE type IN ('InstalmentPresented', 'PresentationSubmitted', 'PreDebitNotified'))
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM projection_rebuilds_pending WHERE reason = 'issue 32: routine auto-debit steps do not move a loan''s last move'`.execute(
    db,
  );
  await sql`ALTER TABLE loan_summaries RESET (fillfactor)`.execute(db);
}
