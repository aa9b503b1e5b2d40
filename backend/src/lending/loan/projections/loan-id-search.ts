import { sql, type Kysely } from 'kysely';

/**
 * `loan_id_search` (migration 0074): every loan's id once, with the trigram index that finds a loan by a fragment of
 * its id. It lives apart from `loan_summaries`, whose rows nearly every event rewrites (each rewrite would add the
 * id's trigrams to that index again); row-level triggers on `loan_summaries` add and remove ids as rows are inserted
 * and deleted. A rebuild's tables have no triggers: it refills the table here, from the rebuilt rows.
 */
export async function refillLoanIdSearch(db: Kysely<any>): Promise<void> {
  // Unqualified: the search path picks the live or the rebuild's tables.
  await sql`DELETE FROM loan_id_search`.execute(db);
  await sql`INSERT INTO loan_id_search (id) SELECT id FROM loan_summaries`.execute(db);
}
