import { sql, type Kysely } from 'kysely';
import { copyRowsIn } from '../database/copy-in.js';
import type { LeanProjectionRebuild, ReplayedEvent } from './projection.js';

type Row = Record<string, unknown>;

/**
 * A projection's effect said as rows: one row per key of one table, and a pure fold of an event into the row of its
 * key (undefined: no row yet, or the event leaves none). The fold must itself skip an event the row has already seen
 * (by version or position), as applyBatch does.
 */
export interface RowFold<R extends Row> {
  readonly table: string;
  /** The key column: the table's primary key. */
  readonly key: string;
  /** The columns written, every one a key of the rows the fold answers. */
  readonly columns: readonly string[];
  keyOf(event: ReplayedEvent): string;
  fold(row: R | undefined, event: ReplayedEvent): R | undefined;
  /** A row as stored (read back from the table) in the form the fold takes, e.g. numeric columns as numbers. */
  fromStored?(row: Row): R;
}

/**
 * The replay of a projection whose effect is a RowFold (rebuild, verify): per batch, the rows of keys seen in an
 * earlier batch are read back with one SELECT, the batch's events folded into the rows in memory, and the rows it
 * changed written with COPY into a temporary staging table and then one INSERT … ON CONFLICT DO UPDATE from it: three
 * statements per batch whatever its size, instead of one or two per event. Lean: it reads only ReplayedEvent.
 */
export function rowFoldRebuild<R extends Row>(fold: RowFold<R>): () => Promise<LeanProjectionRebuild> {
  return async () => {
    const seen = new Set<string>();
    const staging = `${fold.table}_rebuild_staging`;
    let created = false;
    return {
      lean: true,
      async applyBatch(db: Kysely<any>, events: ReplayedEvent[]): Promise<void> {
        const rows = new Map<string, R | undefined>();
        const again = new Set<string>();
        for (const event of events) {
          const key = fold.keyOf(event);
          if (seen.has(key)) again.add(key);
        }
        if (again.size > 0) {
          const stored =
            await sql<Row>`SELECT * FROM ${sql.table(fold.table)} WHERE ${sql.ref(fold.key)}::text = ANY(${[...again]}::text[])`.execute(
              db,
            );
          for (const row of stored.rows) rows.set(String(row[fold.key]), fold.fromStored ? fold.fromStored(row) : (row as R));
        }
        const changed = new Set<string>();
        for (const event of events) {
          const key = fold.keyOf(event);
          const before = rows.get(key);
          const after = fold.fold(before, event);
          if (after === before || after === undefined) continue;
          rows.set(key, after);
          changed.add(key);
        }
        if (changed.size === 0) return;
        if (!created) {
          await sql`CREATE TEMPORARY TABLE ${sql.id(staging)} (LIKE ${sql.table(fold.table)}) ON COMMIT DROP`.execute(db);
          created = true;
        } else {
          await sql`TRUNCATE ${sql.id(staging)}`.execute(db);
        }
        await copyRowsIn(
          db,
          staging,
          fold.columns,
          [...changed].map((key) => rows.get(key)!),
        );
        const columns = sql.join(fold.columns.map((c) => sql.id(c)));
        const updates = sql.join(fold.columns.filter((c) => c !== fold.key).map((c) => sql`${sql.id(c)} = excluded.${sql.id(c)}`));
        await sql`
          INSERT INTO ${sql.table(fold.table)} (${columns}) SELECT ${columns} FROM ${sql.id(staging)}
          ON CONFLICT (${sql.id(fold.key)}) DO UPDATE SET ${updates}`.execute(db);
        for (const key of changed) seen.add(key);
      },
      finish: async () => undefined,
    };
  };
}
