import { sql, type Kysely } from 'kysely';

/**
 * `loan_id_search` (migration 0074): every loan's id once, with the trigram index that finds a loan by a fragment of
 * its id. It lives apart from `loan_summaries`, whose rows nearly every event rewrites (each rewrite would add the
 * id's trigrams to that index again); row-level triggers on `loan_summaries` add and remove ids as rows are inserted
 * and deleted.
 *
 * A rebuild's tables have no triggers. Its replay (LoanSummaryRebuild) writes each new loan's id with the loan's row,
 * in the partitions; a replay through `applyBatch` instead leaves the table empty, and it is filled here, at the end,
 * from the rebuilt rows. (Filling it here every time cost a 1,000,000-loan rebuild about 4 s: a second pass over the
 * freshly written rows.)
 */
export async function fillLoanIdSearchIfEmpty(db: Kysely<any>): Promise<void> {
  // Unqualified: the search path picks the rebuild's tables.
  await sql`INSERT INTO loan_id_search (id) SELECT id FROM loan_summaries WHERE NOT EXISTS (SELECT FROM loan_id_search)`.execute(db);
}
