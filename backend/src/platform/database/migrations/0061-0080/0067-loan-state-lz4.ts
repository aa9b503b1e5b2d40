import { sql, type Kysely } from 'kysely';
import { compressWithLz4WhereAvailable } from '../lz4-where-available.js';

/**
 * `loan_summaries.loan_state` compressed with lz4 instead of PostgreSQL's default pglz, where the server is built with
 * it (`default_toast_compression` offers it; else nothing changes). Every append rewrites the loan's state (4–5 KB of
 * JSON, stored out of line): on a bench database 500 such updates took 85–124 ms with lz4 against 117–188 ms with
 * pglz, alternated (docs/performance.md, "Issue 32 item 7, session 21"). Values written before keep pglz until their
 * loan's next append; PostgreSQL reads both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await compressWithLz4WhereAvailable(db, 'loan_summaries', 'loan_state');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_summaries ALTER COLUMN loan_state SET COMPRESSION DEFAULT`.execute(db);
}
