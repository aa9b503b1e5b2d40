import { sql, type Kysely } from 'kysely';

/**
 * Empty copies of the live `tables` in `schema` (columns, defaults, constraints, indexes and storage parameters; no
 * triggers). Unlogged unless named in `logged`: what is written into an unlogged copy is not written to the WAL too (it
 * is scratch: a crash may empty it, and it is not replicated; the rows a rebuild keeps are written to the WAL when
 * copied into the live table). A copy that will itself become the live table (swapped in by rename) is logged.
 */
export async function createScratchTables(
  db: Kysely<any>,
  schema: string,
  tables: readonly string[],
  logged: ReadonlySet<string> = new Set(),
): Promise<void> {
  for (const table of tables) {
    const found = await sql<{ options: string[] | null }>`
      SELECT reloptions AS options FROM pg_class WHERE oid = to_regclass(format('%I.%I', 'public', ${table}::text))`.execute(db);
    const options = found.rows[0]?.options ?? [];
    const unlogged = logged.has(table) ? sql`` : sql`UNLOGGED `;
    const storage = options.length > 0 ? sql` WITH (${sql.raw(options.join(', '))})` : sql``;
    await sql`CREATE ${unlogged}TABLE ${sql.id(schema, table)} (LIKE public.${sql.id(table)} INCLUDING ALL)${storage}`.execute(db);
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
