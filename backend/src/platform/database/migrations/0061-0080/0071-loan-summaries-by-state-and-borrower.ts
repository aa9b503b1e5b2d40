import { sql, type Kysely } from 'kysely';

/**
 * Issue 30 item 2: a text search in a state's queue looks up the loans of every matching borrower in that state.
 * Through `loan_summaries_borrower` (borrower_id, state) that is one descent of the index per borrower, wherever the
 * borrowers' loans lie (8,311 descents for a common surname among 250,000 borrowers). This index holds each state's
 * loans together, ordered by borrower, so the borrowers' ids, sorted, are found in one pass over the state's part of
 * the index, skipping from leaf to leaf (PostgreSQL 17 and later; 465–839 descents for the same surname in
 * soft.pending). It includes what the search reads of a hit (the id, the type filter and the default sort's key), so
 * it is read alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX loan_summaries_state_borrower ON loan_summaries (state, borrower_id) INCLUDE (id, type, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX loan_summaries_state_borrower`.execute(db);
}
