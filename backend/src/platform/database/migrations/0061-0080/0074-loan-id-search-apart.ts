import { sql, type Kysely } from 'kysely';

/** A plpgsql trigger function that runs `body` (statements of this migration's own text) and returns NULL. */
function triggerFunction(name: string, body: string) {
  return sql`CREATE FUNCTION ${sql.id(name)}() RETURNS trigger LANGUAGE plpgsql AS ${sql.raw(`$$ BEGIN ${body} RETURN NULL; END $$`)}`;
}

/**
 * Issue 30 (items 1 and 6): the loan id's trigram index moves off `loan_summaries`, onto a table of the ids alone.
 *
 * The console finds a loan by a fragment of its id (`id::text ILIKE '%…%'`, migration 0012's GIN index). A loan's id
 * never changes, but its `loan_summaries` row is rewritten by nearly every event (a change of `state` or `updated_at`
 * is never a HOT update), and a non-HOT update adds an entry to every index of the table: about 38 trigrams to the
 * GIN index's pending list each time, with a WAL record of the pending list's meta page (about 670 bytes; 11 % of an
 * append's WAL with the inline projection), and every so often the whole pending list merged into the index in the
 * middle of someone's append. Measured on a bench database (one writer, appends with the inline projection, runs in
 * turn): 948–1,025 µs an append without that index against 1,089–1,257 µs with it.
 *
 * `loan_id_search` holds each loan's id once, with the trigram index; row-level triggers on `loan_summaries` add an
 * id when its row is inserted, remove it when its row is deleted (or its id changed, which no writer does) and empty
 * the table with a TRUNCATE. An upsert that updates writes nothing here. It is a table of the loan-summaries
 * projection: a rebuild's replay writes each new loan's id with its row (lending/loan/projections/loan-id-search.ts),
 * verify compares it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE loan_id_search (id uuid PRIMARY KEY)`.execute(db);
  await triggerFunction('loan_id_search_add', 'INSERT INTO loan_id_search (id) VALUES (NEW.id) ON CONFLICT DO NOTHING;').execute(db);
  await triggerFunction('loan_id_search_remove', 'DELETE FROM loan_id_search WHERE id = OLD.id;').execute(db);
  await triggerFunction(
    'loan_id_search_move',
    'DELETE FROM loan_id_search WHERE id = OLD.id; INSERT INTO loan_id_search (id) VALUES (NEW.id) ON CONFLICT DO NOTHING;',
  ).execute(db);
  await triggerFunction('loan_id_search_clear', 'TRUNCATE loan_id_search;').execute(db);
  await sql`CREATE TRIGGER loan_id_search_on_insert AFTER INSERT ON loan_summaries
    FOR EACH ROW EXECUTE FUNCTION loan_id_search_add()`.execute(db);
  await sql`CREATE TRIGGER loan_id_search_on_delete AFTER DELETE ON loan_summaries
    FOR EACH ROW EXECUTE FUNCTION loan_id_search_remove()`.execute(db);
  // Considered only by an UPDATE that names `id` in its SET list (none of the projection's writes does).
  await sql`CREATE TRIGGER loan_id_search_on_update AFTER UPDATE OF id ON loan_summaries
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION loan_id_search_move()`.execute(db);
  await sql`CREATE TRIGGER loan_id_search_on_truncate AFTER TRUNCATE ON loan_summaries
    FOR EACH STATEMENT EXECUTE FUNCTION loan_id_search_clear()`.execute(db);

  // The ids there are now, with appends kept out until this migration commits (nothing added twice or missed).
  await sql`LOCK TABLE loan_summaries IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`INSERT INTO loan_id_search (id) SELECT id FROM loan_summaries`.execute(db);
  await sql`CREATE INDEX loan_id_search_text ON loan_id_search USING gin ((id::text) gin_trgm_ops)`.execute(db);
  // Statistics at once: without them the planner guessed the ids' matches wrong and a 4-character search of 1,000,000
  // loans took 55–62 ms instead of 14 until autovacuum's first ANALYZE.
  await sql`ANALYZE loan_id_search`.execute(db);
  await sql`DROP INDEX loan_summaries_id_text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX loan_summaries_id_text ON loan_summaries USING gin ((id::text) gin_trgm_ops)`.execute(db);
  for (const trigger of [
    'loan_id_search_on_insert',
    'loan_id_search_on_delete',
    'loan_id_search_on_update',
    'loan_id_search_on_truncate',
  ]) {
    await sql`DROP TRIGGER ${sql.id(trigger)} ON loan_summaries`.execute(db);
  }
  await sql`DROP FUNCTION loan_id_search_add(), loan_id_search_remove(), loan_id_search_move(), loan_id_search_clear()`.execute(db);
  await sql`DROP TABLE loan_id_search`.execute(db);
}
