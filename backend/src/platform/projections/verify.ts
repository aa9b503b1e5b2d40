import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Projection } from './projection.js';
import { rebuildProjections, type RebuildOptions } from './rebuild.js';
import { createScratchTables } from './scratch-tables.js';

/**
 * A table whose live rows differ from a rebuild's: how many rows each side holds that the other does not, and up to
 * EXAMPLES of them from each side (ordered by their text, so the same difference always shows the same rows), for
 * whoever has to find out why.
 */
export type TableDifference = {
  table: string;
  onlyInLive: number;
  onlyInRebuild: number;
  examples: { live: Record<string, unknown>[]; rebuild: Record<string, unknown>[] };
};
export type VerifyReport = { events: number; differences: TableDifference[]; tables: string[] };

/** Rebuilds every projection into scratch copies of its tables and compares them row for row with the live ones. */
export async function verifyProjections(
  db: Kysely<any>,
  projections: readonly Projection[],
  options: Pick<RebuildOptions, 'workers' | 'databaseUrl'> = {},
): Promise<VerifyReport> {
  const schema = `projection_verify_${process.pid}_${Date.now()}`;
  const tables = projections.flatMap((p) => p.tables);
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
  try {
    await createScratchTables(db, schema, tables);
    const report = await rebuildProjections(db, projections, { ...options, schema });
    const differences: TableDifference[] = [];
    for (const table of tables) {
      const live = sql`public.${sql.id(table)}`;
      const scratch = sql.id(schema, table);
      const counts = await sql<{ only_live: string; only_rebuild: string }>`
        SELECT
          (SELECT count(*) FROM (SELECT * FROM ${live} EXCEPT ALL SELECT * FROM ${scratch}) d) AS only_live,
          (SELECT count(*) FROM (SELECT * FROM ${scratch} EXCEPT ALL SELECT * FROM ${live}) d) AS only_rebuild`.execute(db);
      const onlyInLive = Number(counts.rows[0].only_live);
      const onlyInRebuild = Number(counts.rows[0].only_rebuild);
      if (onlyInLive > 0 || onlyInRebuild > 0) {
        const examples = {
          live: onlyInLive > 0 ? await rowsOnlyIn(db, live, scratch) : [],
          rebuild: onlyInRebuild > 0 ? await rowsOnlyIn(db, scratch, live) : [],
        };
        differences.push({ table, onlyInLive, onlyInRebuild, examples });
      }
    }
    return { events: report.events, differences, tables };
  } finally {
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db);
  }
}

/** The rows shown of each side of a difference. */
const EXAMPLES = 3;

/** Up to EXAMPLES rows of `table` that `other` does not hold. */
async function rowsOnlyIn(db: Kysely<any>, table: RawBuilder<unknown>, other: RawBuilder<unknown>): Promise<Record<string, unknown>[]> {
  const rows = await sql<Record<string, unknown>>`
    SELECT * FROM (SELECT * FROM ${table} EXCEPT ALL SELECT * FROM ${other}) d ORDER BY d::text LIMIT ${EXAMPLES}`.execute(db);
  return rows.rows;
}
