import { sql, type Kysely } from 'kysely';
import { compressWithLz4WhereAvailable } from '../lz4-where-available.js';

/**
 * Issue 32 item 7: a loan's auto-debit part of its state (`mandates`: mandates, presentations, pre-debit notices) in a
 * column of its own, and its version only in `version`, so that close of business's routine auto-debit steps, which
 * change nothing else, update a few hundred bytes in place instead of rewriting `loan_state` (kilobytes of JSON,
 * compressed and out of line) on every presentation (lending/loan/projections/loan-state-row.ts). Existing rows are
 * split here, as the projection now writes them; `projections:verify` compares them with a rebuild as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_summaries ADD COLUMN mandates_state jsonb`.execute(db);
  // As loan_state (migration 0067), for a loan whose presentations outgrow a page's share.
  await compressWithLz4WhereAvailable(db, 'loan_summaries', 'mandates_state');
  await sql`
    UPDATE loan_summaries
       SET mandates_state = loan_state -> 'mandates', loan_state = loan_state - 'mandates' - 'version'
     WHERE loan_state ? 'mandates' OR loan_state ? 'version'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE loan_summaries
       SET loan_state = loan_state || jsonb_build_object('version', version)
                        || CASE WHEN mandates_state IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('mandates', mandates_state) END`.execute(
    db,
  );
  await sql`ALTER TABLE loan_summaries DROP COLUMN mandates_state`.execute(db);
}
