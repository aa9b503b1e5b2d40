import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, customers: staff search customers by the last four characters of their PAN (/api/admin/customers). The
 * Documents section keeps the whole PAN (`data->>'pan'`), so the index 0016 made on a `panLast4` key nobody writes
 * never served a query: it goes, and the search's expression is indexed instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS profile_sections_pan`.execute(db);
  await sql`CREATE INDEX profile_sections_pan_last4 ON profile_sections (right(data->>'pan', 4)) WHERE section = 'documents'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX profile_sections_pan_last4`.execute(db);
  await sql`CREATE INDEX profile_sections_pan ON profile_sections ((data->>'panLast4')) WHERE section = 'documents'`.execute(db);
}
