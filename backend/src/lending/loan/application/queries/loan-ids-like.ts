import { sql } from 'kysely';
import type { Db } from '../../../../platform/database/database.js';

/**
 * The ids of the loans whose id, as text, matches `pattern` (an ILIKE pattern): read from `loan_id_search` and its
 * trigram index (migration 0074), which holds every loan's id once, not from `loan_summaries`.
 */
export function loanIdsLike(db: Db, pattern: string) {
  return db
    .selectFrom('loan_id_search as s')
    .select('s.id')
    .where(sql`s.id::text`, 'ilike', pattern);
}
