import { sql, type Kysely } from 'kysely';
import type { Projection } from '../src/platform/projections/projection.js';
import { rebuildProjections } from '../src/platform/projections/rebuild.js';

/**
 * The read models close of business and its reminders read: loan_summaries (with next_cob_on and the queue
 * counters), the servicing rows (instalments, transactions) and the collection rows.
 */
export const COB_PROJECTIONS = ['loan-summaries', 'loan-servicing', 'collection-work'] as const;

export function cobProjections(all: readonly Projection[]): Projection[] {
  const found = all.filter((p) => (COB_PROJECTIONS as readonly string[]).includes(p.name));
  if (found.length !== COB_PROJECTIONS.length) throw new Error(`cloned book: projections ${COB_PROJECTIONS.join(', ')} not all registered`);
  return found;
}

/** Per table: the column naming the loan (every row of these tables belongs to one loan). */
const LOAN_COLUMN: Record<string, string> = { loan_summaries: 'id' };
/** Tables kept by triggers or recounted, not cloned row by row. */
const NOT_CLONED = new Set(['loan_queue_counts', 'loan_id_search']);

export type TemplateIds = { loanId: string; paymentIds: readonly string[] };

/**
 * Clones a book inside PostgreSQL. The templates (whole loan histories already in `events`) get their read-model rows
 * from the projections' own rebuild, once; then each copy is the template's events and rows with the loan id
 * replaced by a fresh one and each payment id by one derived from it (md5 of the new loan id and the old payment
 * id, so the same in the log and in the rows), in `INSERT … SELECT` statements over `generate_series`: nothing goes
 * through Node. The borrower stays the template's (a borrower's name is denormalised into the rows), and
 * loan_summaries' `last_position` is the copy's own last event, as a rebuild writes it.
 */
export class ClonedBook {
  private constructor(
    private readonly db: Kysely<any>,
    /** Each cloned table, with the staging table holding the templates' rows. */
    private readonly tables: { name: string; staging: string; loanColumn: string; columns: { name: string; type: string }[] }[],
    /** The secondary indexes of those tables, dropped while the copies go in and built again by `finish`. */
    private readonly indexes: string[],
  ) {}

  /** Seconds spent per table (events included) over every `write`, for the bench's log. */
  readonly seconds: Record<string, number> = {};

  /** Rebuilds `projections` over the templates (the only loans in the log so far) and stages their ids. */
  static async prepare(db: Kysely<any>, projections: readonly Projection[], templates: readonly TemplateIds[]): Promise<ClonedBook> {
    await rebuildProjections(db, projections);
    await sql`ANALYZE events`.execute(db);
    await sql`
      CREATE OR REPLACE FUNCTION bench_swap(t text, ids text[], new_loan text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE i int;
      BEGIN
        t := replace(t, ids[1], new_loan);
        FOR i IN 2 .. coalesce(array_length(ids, 1), 1) LOOP
          t := replace(t, ids[i], md5(new_loan || ids[i])::uuid::text);
        END LOOP;
        RETURN t;
      END $$`.execute(db);
    await sql`DROP TABLE IF EXISTS bench_templates`.execute(db);
    await sql`CREATE UNLOGGED TABLE bench_templates (k int PRIMARY KEY, loan_id uuid NOT NULL, ids text[] NOT NULL)`.execute(db);
    await sql`
      INSERT INTO bench_templates (k, loan_id, ids)
      SELECT k, loan_id::uuid, ids
      FROM jsonb_to_recordset(${JSON.stringify(templates.map((t, k) => ({ k, loan_id: t.loanId, ids: [t.loanId, ...t.paymentIds] })))}::jsonb)
        AS r(k int, loan_id text, ids text[])`.execute(db);
    // The templates' events and rows are copied once into small staging tables, which every chunk reads: joined
    // with the growing log or read models instead, a chunk's plan can be a hash join over the whole table (a
    // temporary table has no statistics), making each chunk slower than the one before.
    await sql`DROP TABLE IF EXISTS bench_template_events`.execute(db);
    await sql`
      CREATE UNLOGGED TABLE bench_template_events AS
      SELECT t.loan_id AS template, e.stream_type, e.version, e.type, e.data::text AS data, e.metadata::text AS metadata
      FROM bench_templates t JOIN events e ON e.stream_id = 'loan-' || t.loan_id`.execute(db);
    await sql`CREATE INDEX ON bench_template_events (template, version)`.execute(db);
    const tables = [];
    for (const name of projections.flatMap((p) => p.tables).filter((t) => !NOT_CLONED.has(t))) {
      const columns = await sql<{ column_name: string; data_type: string }>`
        SELECT column_name, data_type FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${name} AND is_generated = 'NEVER' AND is_identity = 'NO'
        ORDER BY ordinal_position`.execute(db);
      const loanColumn = LOAN_COLUMN[name] ?? 'loan_id';
      const staging = `bench_template_${name}`;
      await sql`DROP TABLE IF EXISTS ${sql.table(staging)}`.execute(db);
      await sql`
        CREATE UNLOGGED TABLE ${sql.table(staging)} AS
        SELECT r.* FROM ${sql.table(name)} r WHERE r.${sql.id(loanColumn)} IN (SELECT loan_id FROM bench_templates)`.execute(db);
      await sql`CREATE INDEX ON ${sql.table(staging)} (${sql.id(loanColumn)})`.execute(db);
      tables.push({ name, staging, loanColumn, columns: columns.rows.map((c) => ({ name: c.column_name, type: c.data_type })) });
    }
    await sql`ANALYZE bench_templates, bench_template_events`.execute(db);
    for (const table of tables) await sql`ANALYZE ${sql.table(table.staging)}`.execute(db);
    // A bulk index build at the end is far cheaper than maintaining each index row by row (as the rebuild does).
    const indexes = await sql<{ name: string; definition: string }>`
      SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i
      WHERE i.indrelid = ANY(SELECT to_regclass(t) FROM unnest(${tables.map((t) => t.name)}::text[]) AS t)
        AND NOT i.indisunique AND NOT i.indisprimary AND NOT i.indisexclusion
      ORDER BY i.indexrelid`.execute(db);
    for (const index of indexes.rows) await sql`DROP INDEX ${sql.raw(index.name)}`.execute(db);
    return new ClonedBook(
      db,
      tables,
      indexes.rows.map((i) => i.definition),
    );
  }

  /**
   * Writes copies `from` .. `to - 1` (copy n is of template n mod the template count): their events in copy and
   * version order, then their rows of each table, in one transaction.
   */
  async write(from: number, to: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await sql`
        CREATE TEMP TABLE bench_chunk ON COMMIT DROP AS
        SELECT g AS n, t.loan_id AS template, gen_random_uuid() AS loan_id, t.ids
        FROM generate_series(${from}::bigint, ${to - 1}::bigint) g
        JOIN bench_templates t ON t.k = g % (SELECT count(*) FROM bench_templates)`.execute(trx);
      await sql`ANALYZE bench_chunk`.execute(trx);
      const timed = async <T>(table: string, run: () => Promise<T>): Promise<T> => {
        const started = performance.now();
        const result = await run();
        this.seconds[table] = (this.seconds[table] ?? 0) + (performance.now() - started) / 1000;
        return result;
      };
      // Each copy's last position is kept as its events go in (loan_summaries.last_position).
      await sql`CREATE TEMP TABLE bench_last (loan_id uuid PRIMARY KEY, position bigint NOT NULL, events int NOT NULL) ON COMMIT DROP`.execute(
        trx,
      );
      await timed('events', () =>
        sql`
          WITH written AS (
            INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
            SELECT 'loan-' || c.loan_id, e.stream_type, e.version, e.type,
                   bench_swap(e.data, c.ids, c.loan_id::text)::jsonb, bench_swap(e.metadata, c.ids, c.loan_id::text)::jsonb
            FROM bench_chunk c JOIN bench_template_events e ON e.template = c.template
            ORDER BY c.n, e.version
            RETURNING stream_id, global_position)
          INSERT INTO bench_last (loan_id, position, events)
          SELECT substr(stream_id, 6)::uuid, max(global_position), count(*) FROM written GROUP BY stream_id`.execute(trx),
      );
      for (const table of this.tables) {
        // Column by column: the loan column takes the new id, text, uuid and JSON columns have the ids swapped (a
        // payment or mandate id, the loan id inside loan_state), last_position is the copy's own last event; the rest is copied.
        const value = ({ name, type }: { name: string; type: string }) =>
          name === table.loanColumn
            ? sql`c.loan_id`
            : table.name === 'loan_summaries' && name === 'last_position'
              ? sql`(SELECT position FROM bench_last l WHERE l.loan_id = c.loan_id)`
              : type === 'jsonb'
                ? sql`bench_swap(r.${sql.id(name)}::text, c.ids, c.loan_id::text)::jsonb`
                : type === 'text'
                  ? sql`bench_swap(r.${sql.id(name)}, c.ids, c.loan_id::text)`
                  : type === 'uuid'
                    ? sql`bench_swap(r.${sql.id(name)}::text, c.ids, c.loan_id::text)::uuid`
                    : sql`r.${sql.id(name)}`;
        await timed(table.name, () =>
          sql`
            INSERT INTO ${sql.table(table.name)} (${sql.join(table.columns.map((c) => sql.id(c.name)))})
            SELECT ${sql.join(table.columns.map(value))}
            FROM bench_chunk c
            JOIN ${sql.table(table.staging)} r ON r.${sql.id(table.loanColumn)} = c.template`.execute(trx),
        );
      }
      const written = await sql<{ n: string }>`SELECT coalesce(sum(events), 0) AS n FROM bench_last`.execute(trx);
      return Number(written.rows[0]!.n);
    });
  }

  /** Builds the dropped indexes again; drops the staging table and the function. */
  async finish(): Promise<void> {
    await this.db.connection().execute(async (connection) => {
      await sql`SET maintenance_work_mem = '256MB'`.execute(connection);
      for (const definition of this.indexes) await sql.raw(definition).execute(connection);
      await sql`RESET maintenance_work_mem`.execute(connection);
    });
    for (const table of this.tables) await sql`DROP TABLE IF EXISTS ${sql.table(table.staging)}`.execute(this.db);
    await sql`DROP TABLE IF EXISTS bench_template_events, bench_templates`.execute(this.db);
    await sql`DROP FUNCTION IF EXISTS bench_swap(text, text[], text)`.execute(this.db);
    await sql`ANALYZE`.execute(this.db);
  }
}
