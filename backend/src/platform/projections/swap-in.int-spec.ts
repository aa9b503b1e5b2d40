import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { waitFor } from '../../../test/support/wait-for.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { inlineProjector, type Projection } from './projection.js';
import { rebuildProjections } from './rebuild.js';
import { tablesSwappableByRename } from './swap-in.js';
import { verifyProjections } from './verify.js';

/**
 * Issue 30, item 4: a rebuild replaces a plain read-model table whole (its rebuilt copy, indexed beforehand, moved in
 * under its name) and keeps everything a user of the table relied on: index and constraint names, triggers and their
 * state, storage parameters, privileges, comment, statistics. A table something else depends on (here a view) is
 * copied into row by row as before.
 */

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let db: Kysely<any>;
let store: PostgresEventStore;

const gauges: Projection = {
  name: 'gauges',
  eventTypes: ['Gauged'],
  tables: ['gauges', 'gauge_totals'],
  async applyBatch(trx, events: RecordedEvent[]) {
    for (const e of events) {
      const name = String(e.data.name);
      const n = Number(e.data.n);
      await sql`INSERT INTO gauges (id, name, n) VALUES (${e.streamId}, ${name}, ${n})
                ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, n = EXCLUDED.n`.execute(trx);
      await sql`INSERT INTO gauge_totals (id, total) VALUES (${e.streamId}, ${n})
                ON CONFLICT (id) DO UPDATE SET total = gauge_totals.total + EXCLUDED.total`.execute(trx);
    }
  },
};

async function gauge(id: string, version: number, name: string, n: number): Promise<void> {
  await store.append(id, 'gauge', [{ type: 'Gauged', data: { name, n } }], { expectedVersion: version });
}

/** What the catalogue says of `table`, without its oid: what a rebuild must leave as it was. */
async function shapeOf(table: string) {
  const relation = await sql<{ persistence: string; options: string[] | null; acl: string[] | null; comment: string | null }>`
    SELECT relpersistence AS persistence, reloptions AS options, relacl::text[] AS acl,
           obj_description(oid, 'pg_class') AS comment
    FROM pg_class WHERE oid = ${table}::regclass`.execute(db);
  const indexes =
    await sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ${table} ORDER BY 1`.execute(db);
  const constraints = await sql`
    SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = ${table}::regclass ORDER BY 1`.execute(db);
  const triggers = await sql`
    SELECT tgname, pg_get_triggerdef(oid) AS definition, tgenabled FROM pg_trigger
    WHERE tgrelid = ${table}::regclass AND NOT tgisinternal ORDER BY 1`.execute(db);
  return { ...relation.rows[0], indexes: indexes.rows, constraints: constraints.rows, triggers: triggers.rows };
}

const oidOf = async (table: string) => (await sql<{ oid: number }>`SELECT ${table}::regclass::oid AS oid`.execute(db)).rows[0].oid;
const rowsOf = async (table: string) => (await sql`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(db)).rows;

beforeAll(async () => {
  database = await createMigratedTestDatabase('swap_by_rename');
  db = database.db;
  await sql`
    CREATE TABLE gauges (id text CONSTRAINT gauges_key PRIMARY KEY, name text NOT NULL,
                         n integer NOT NULL CONSTRAINT gauges_n_not_negative CHECK (n >= 0)) WITH (fillfactor = 80)`.execute(db);
  await sql`CREATE UNIQUE INDEX gauges_name_unique ON gauges (name)`.execute(db);
  await sql`CREATE INDEX gauges_by_lower_name ON gauges (lower(name))`.execute(db);
  await sql`CREATE INDEX gauges_positive ON gauges (n DESC) WHERE n > 0`.execute(db);
  await sql`COMMENT ON TABLE gauges IS 'one row a gauge'`.execute(db);
  await sql`GRANT SELECT ON gauges TO PUBLIC`.execute(db);
  await sql`CREATE TABLE gauge_log (id text NOT NULL, n integer NOT NULL)`.execute(db);
  await sql`
    CREATE FUNCTION gauges_logged() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO gauge_log (id, n) SELECT id, n FROM new_rows; RETURN NULL; END $$`.execute(db);
  await sql`CREATE TRIGGER gauges_log_inserts AFTER INSERT ON gauges REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION gauges_logged()`.execute(db);
  await sql`CREATE TRIGGER gauges_log_updates AFTER UPDATE ON gauges REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION gauges_logged()`.execute(db);
  await sql`ALTER TABLE gauges DISABLE TRIGGER gauges_log_updates`.execute(db);
  await sql`CREATE TABLE gauge_totals (id text PRIMARY KEY, total integer NOT NULL)`.execute(db);
  await sql`CREATE INDEX gauge_totals_by_total ON gauge_totals (total)`.execute(db);
  await sql`CREATE VIEW gauge_totals_view AS SELECT id, total FROM gauge_totals`.execute(db);
  store = new PostgresEventStore(db, inlineProjector([gauges]));
  for (let i = 0; i < 40; i++) await gauge(`gauge-${i}`, 0, `Gauge ${i}`, i % 7);
  for (let i = 0; i < 40; i += 3) await gauge(`gauge-${i}`, 1, `Gauge ${i} again`, i % 5);
});

afterAll(async () => {
  await database?.close();
});

describe('a rebuild that swaps a read-model table in whole', () => {
  it('qualifies a plain table of ours, not one a view depends on', async () => {
    expect([...(await tablesSwappableByRename(db, ['gauges', 'gauge_totals']))]).toEqual(['gauges']);
  });

  it('gives the same rows and keeps names, triggers and their state, storage, privileges, comment; statistics are fresh', async () => {
    const before = { gauges: await rowsOf('gauges'), totals: await rowsOf('gauge_totals'), shape: await shapeOf('gauges') };
    const totalsShape = await shapeOf('gauge_totals');
    const oids = { gauges: await oidOf('gauges'), totals: await oidOf('gauge_totals') };
    const logged = (await rowsOf('gauge_log')).length;

    const report = await rebuildProjections(db, [gauges], { workers: 2, batchSize: 7 });

    expect(report.events).toBe(54);
    expect(await rowsOf('gauges')).toEqual(before.gauges);
    expect(await rowsOf('gauge_totals')).toEqual(before.totals);
    expect(await shapeOf('gauges')).toEqual(before.shape);
    expect(await shapeOf('gauge_totals')).toEqual(totalsShape);
    // The table was replaced (a new oid) and the other copied into (the view still reads it).
    expect(await oidOf('gauges')).not.toBe(oids.gauges);
    expect(await oidOf('gauge_totals')).toBe(oids.totals);
    expect((await sql`SELECT * FROM gauge_totals_view ORDER BY id`.execute(db)).rows).toEqual(before.totals);
    // The rebuild's writes fired no trigger; the planner has statistics on the new table at once.
    expect(await rowsOf('gauge_log')).toHaveLength(logged);
    const stats = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stats WHERE schemaname = 'public' AND tablename = 'gauges'`.execute(
      db,
    );
    expect(Number(stats.rows[0].n)).toBe(3);
    // Nothing is left behind: no scratch schema, no second gauges table.
    const leftovers = await sql`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'projection_rebuild_%'`.execute(db);
    expect(leftovers.rows).toEqual([]);
    expect((await sql`SELECT relname FROM pg_class WHERE relname = 'gauges'`.execute(db)).rows).toHaveLength(1);
    expect((await verifyProjections(db, [gauges])).differences).toEqual([]);
  });

  it('keeps the moved-in table live: its enabled trigger fires, its disabled one does not, its constraints hold', async () => {
    await sql`TRUNCATE gauge_log`.execute(db);
    await gauge('gauge-new', 0, 'Gauge new', 3);
    await gauge('gauge-1', 1, 'Gauge 1 moved', 4);
    expect((await sql`SELECT id, n FROM gauge_log ORDER BY id`.execute(db)).rows).toEqual([{ id: 'gauge-new', n: 3 }]);
    await expect(sql`UPDATE gauges SET n = -1 WHERE id = 'gauge-new'`.execute(db)).rejects.toThrow(/gauges_n_not_negative/);
    await expect(sql`UPDATE gauges SET name = 'Gauge 2' WHERE id = 'gauge-new'`.execute(db)).rejects.toThrow(/gauges_name_unique/);
    expect(await rowsOf('gauges')).toContainEqual({ id: 'gauge-1', name: 'Gauge 1 moved', n: 4 });
  });

  it('waits for a reader of the live table, and an append that waited behind it lands in the new table', async () => {
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    try {
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM gauges');
      const rebuilt = rebuildProjections(db, [gauges], { workers: 2 });
      // The rebuild replays and builds the copy's indexes first (seconds on a busy machine), then asks for the lock.
      await waitUntilBlocked('LOCK TABLE %', "the rebuild's lock to wait for the reader");
      // An append now queues behind the rebuild's lock request.
      const appended = gauge('gauge-during', 0, 'Gauge during', 5);
      await waitUntilBlocked('INSERT INTO gauges %', "the append's write to wait behind the rebuild's lock");
      await reader.query('COMMIT');
      await Promise.all([rebuilt, appended]);
    } finally {
      await reader.end();
    }
    expect(await rowsOf('gauges')).toContainEqual({ id: 'gauge-during', name: 'Gauge during', n: 5 });
    expect((await verifyProjections(db, [gauges])).differences).toEqual([]);
  });
});

/**
 * Waits until a session of this database whose statement is like `statement` waits for a lock. Gives up, with what
 * every session of the database was doing then, after the shared wait's limit.
 */
async function waitUntilBlocked(statement: string, what: string): Promise<void> {
  const blocked = async () => {
    const r = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${statement}`.execute(db);
    return Number(r.rows[0].n) > 0;
  };
  try {
    await waitFor(blocked, what);
  } catch (error) {
    const sessions = await sql<Record<string, unknown>>`
      SELECT pid, backend_type, state, wait_event_type, wait_event, left(query, 100) AS query FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY pid`.execute(db);
    throw new Error(`${(error as Error).message}; the sessions then: ${JSON.stringify(sessions.rows)}`);
  }
}
