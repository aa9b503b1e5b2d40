import { sql, type Kysely } from 'kysely';

/**
 * Issue 32 item 7: a loan's state JSON (`loan_summaries.loan_state`, about 4 kB, 2.2 kB compressed) is kept in the
 * row, compressed, instead of out of line in the TOAST table (STORAGE MAIN: moved out only when a row would not fit
 * in a page). Every append to a loan rewrites it; out of line, each rewrite also inserted its chunks into the TOAST
 * table and its index and left the old ones dead. Rows written before this keep their place until next rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_summaries ALTER COLUMN loan_state SET STORAGE MAIN`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_summaries ALTER COLUMN loan_state SET STORAGE EXTENDED`.execute(db);
}
