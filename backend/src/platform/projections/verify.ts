import { sql, type Kysely } from 'kysely';
import type { Projection } from './projection.js';
import { rebuildProjections, type RebuildOptions } from './rebuild.js';
import { createScratchTables } from './scratch-tables.js';

export type TableDifference = { table: string; onlyInLive: number; onlyInRebuild: number };
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
      if (onlyInLive > 0 || onlyInRebuild > 0) differences.push({ table, onlyInLive, onlyInRebuild });
    }
    return { events: report.events, differences, tables };
  } finally {
    await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db);
  }
}
