import { sql, type Kysely } from 'kysely';

/**
 * Issue 30 (totals that stay fast): a loan or customer search tested each borrower's name, e-mail and phone with
 * three `ILIKE`s, through a trigram index over the three columns. `search_text` is the three lowercased and joined
 * by a newline (a search box cannot send one, so no word matches across two fields), kept by PostgreSQL itself
 * (a stored generated column), with one trigram index: a search is one `LIKE` of the lowercased word per borrower
 * instead of three `ILIKE`s, and one index lookup instead of three (docs/performance.md, issue 30 item 2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE loan_borrowers
      ADD COLUMN search_text text NOT NULL
      GENERATED ALWAYS AS (lower(name || E'\n' || email || E'\n' || coalesce(phone, ''))) STORED`.execute(db);
  await sql`CREATE INDEX loan_borrowers_search_text ON loan_borrowers USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`DROP INDEX loan_borrowers_search`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX loan_borrowers_search ON loan_borrowers USING gin (name gin_trgm_ops, email gin_trgm_ops, phone gin_trgm_ops)`.execute(
    db,
  );
  await sql`DROP INDEX loan_borrowers_search_text`.execute(db);
  await sql`ALTER TABLE loan_borrowers DROP COLUMN search_text`.execute(db);
}
