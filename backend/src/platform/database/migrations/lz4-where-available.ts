import { sql, type Kysely } from 'kysely';

/**
 * A column compressed with lz4 instead of PostgreSQL's default pglz, where the server is built with it
 * (`default_toast_compression` offers it); else nothing changes. Values written before keep their compression until
 * they are written again; PostgreSQL reads both.
 */
export async function compressWithLz4WhereAvailable(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const alter = `ALTER TABLE ${quoted(table)} ALTER COLUMN ${quoted(column)} SET COMPRESSION lz4`;
  await sql`
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ${sql.raw(alter)};
      END IF;
    END
    $$`.execute(db);
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
