import { sql, type Expression, type SqlBool } from 'kysely';
import { likePattern } from '../../../platform/query/list-query.js';

/**
 * A borrower whose name, e-mail or phone contains `text`, whatever its case: one `LIKE` on `loan_borrowers.search_text`
 * (the three lowercased, joined by newlines; migration 0052), found through its one trigram index. The word is
 * lowercased by PostgreSQL's own `lower`, as the column is, so both fold case the same way.
 */
export const borrowerTextLike = (text: string): Expression<SqlBool> => sql<SqlBool>`b.search_text LIKE lower(${likePattern(text)})`;
