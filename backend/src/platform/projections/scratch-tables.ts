import { sql, type Kysely } from 'kysely';

/**
 * Empty copies of the live `tables` in `schema` (columns, defaults, constraints and indexes; no triggers), unlogged:
 * what is written into them is not written to the WAL too (they are scratch: a crash may empty them, and they are not
 * replicated; the rows a rebuild keeps are written to the WAL when copied into the live tables).
 */
export async function createScratchTables(db: Kysely<any>, schema: string, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    await sql`CREATE UNLOGGED TABLE ${sql.id(schema, table)} (LIKE public.${sql.id(table)} INCLUDING ALL)`.execute(db);
  }
}

/**
 * Drops the non-unique indexes of `tables` (names as the search path resolves them, or schema-qualified) and answers
 * their definitions, to build them again once the rows are in.
 */
export async function dropSecondaryIndexes(trx: Kysely<any>, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const found = await sql<{ name: string; definition: string }>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = ANY(SELECT to_regclass(t) FROM unnest(${tables}::text[]) AS t)
      AND NOT i.indisunique AND NOT i.indisprimary AND NOT i.indisexclusion
    ORDER BY i.indexrelid`.execute(trx);
  for (const index of found.rows) await sql`DROP INDEX ${sql.raw(index.name)}`.execute(trx);
  return found.rows.map((index) => index.definition);
}

/** The columns of `table` an INSERT may name (not dropped, not generated), in their order. */
export async function insertColumnsOf(db: Kysely<any>, table: string): Promise<string[]> {
  const found = await sql<{ name: string }>`
    SELECT attname AS name FROM pg_attribute
    WHERE attrelid = to_regclass(${table}) AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
    ORDER BY attnum`.execute(db);
  return found.rows.map((c) => c.name);
}
