import { sql, type Kysely } from 'kysely';

/**
 * Close of business visits only the loans it has something to record for. `next_cob_on` is the first business date
 * on whose day end COB would record something for the loan if nothing else happened to it (the domain's
 * `nextCloseOfBusinessOn`, written with every append like the rest of the row; null when it never would), so a
 * nightly run reads the loans whose date has come instead of folding every active loan.
 *
 * Rows written before this migration get a date no later than the true one, the day after their payout: the first
 * run visits each of them once, and a visit that records nothing writes the exact date back (close-of-business.ts).
 * Until that first run, `projections:verify` reports those rows as different from a rebuild; a rebuild fixes them
 * at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_summaries ADD COLUMN next_cob_on date`.execute(db);
  await sql`
    UPDATE loan_summaries SET next_cob_on = COALESCE(disbursed_on, created_at::date) + 1
     WHERE state = 'active' OR classification <> 'standard'`.execute(db);
  await sql`DROP INDEX loan_summaries_close_of_business`.execute(db);
  await sql`CREATE INDEX loan_summaries_next_close_of_business ON loan_summaries (id) INCLUDE (next_cob_on) WHERE next_cob_on IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX loan_summaries_next_close_of_business`.execute(db);
  await sql`CREATE INDEX loan_summaries_close_of_business ON loan_summaries (id) WHERE state = 'active' OR classification <> 'standard'`.execute(
    db,
  );
  await sql`ALTER TABLE loan_summaries DROP COLUMN next_cob_on`.execute(db);
}
