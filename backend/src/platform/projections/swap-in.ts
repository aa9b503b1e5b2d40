import { sql, type Kysely } from 'kysely';
import { dropSecondaryIndexes, insertColumnsOf } from './scratch-tables.js';

/**
 * The live tables (names in `public`) a rebuild may replace whole: the rebuilt copy, its indexes built beforehand, is
 * moved into `public` in the place of the live table, instead of its rows being copied over. Only a plain table whose
 * every part the swap knows how to carry over qualifies: owned by this user, no foreign key to or from it, nothing
 * that depends on it by name fixed at creation (a view, a function taking its row type, a rule, a policy, a
 * publication, inheritance; its own constraints, triggers, defaults and indexes are carried), no sequence it owns or
 * identity column (the copy would get a sequence of its own), no column privileges, statistics targets or n_distinct.
 * Its triggers, table privileges and comment are carried over by the swap; its storage parameters by
 * `createScratchTables`. The others are copied row by row as before.
 */
export async function tablesSwappableByRename(db: Kysely<any>, tables: readonly string[]): Promise<Set<string>> {
  if (tables.length === 0) return new Set();
  const found = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relname = ANY(${tables}::text[])
      AND c.relkind = 'r' AND c.relpersistence = 'p' AND NOT c.relrowsecurity AND NOT c.relispartition
      AND c.relowner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.contype = 'f' AND (k.conrelid = c.oid OR k.confrelid = c.oid))
      AND NOT EXISTS (
        SELECT 1 FROM pg_depend d
        WHERE d.refobjid IN (c.oid, c.reltype) AND d.deptype = 'n'
          AND NOT (d.classid = 'pg_constraint'::regclass AND d.objid IN (SELECT oid FROM pg_constraint WHERE conrelid = c.oid))
          AND NOT (d.classid = 'pg_trigger'::regclass AND d.objid IN (SELECT oid FROM pg_trigger WHERE tgrelid = c.oid))
          AND NOT (d.classid = 'pg_attrdef'::regclass AND d.objid IN (SELECT oid FROM pg_attrdef WHERE adrelid = c.oid))
          AND NOT (d.classid = 'pg_class'::regclass AND d.objid IN (SELECT indexrelid FROM pg_index WHERE indrelid = c.oid)))
      AND NOT EXISTS (SELECT 1 FROM pg_rewrite r WHERE r.ev_class = c.oid)
      AND NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid)
      AND NOT EXISTS (SELECT 1 FROM pg_publication_rel p WHERE p.prrelid = c.oid)
      AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid OR i.inhparent = c.oid)
      AND NOT EXISTS (
        SELECT 1 FROM pg_depend d JOIN pg_class s ON s.oid = d.objid
        WHERE d.classid = 'pg_class'::regclass AND d.refobjid = c.oid AND s.relkind = 'S')
      AND NOT EXISTS (
        SELECT 1 FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
          AND (a.attidentity <> '' OR a.attacl IS NOT NULL OR coalesce(a.attstattarget, -1) >= 0
               OR EXISTS (SELECT 1 FROM unnest(a.attoptions) o WHERE o LIKE 'n_distinct%')))`.execute(db);
  return new Set(found.rows.map((r) => r.name));
}

/**
 * The statements that give the rebuilt copy of `table` (in `scratch`) the live table's secondary indexes, under the
 * same names (an index's name is unique per schema: the copy's may equal the live one's until the swap), then its
 * planner statistics (last: ANALYZE also samples the expression indexes).
 */
export async function indexBuildsFor(db: Kysely<any>, scratch: string, table: string): Promise<string[]> {
  const found = await sql<{ definition: string; qualified: string }>`
    SELECT pg_get_indexdef(i.indexrelid) AS definition, format('%I.%I', 'public', ${table}::text) AS qualified
    FROM pg_index i
    WHERE i.indrelid = to_regclass(format('%I.%I', 'public', ${table}::text))
      AND NOT i.indisunique AND NOT i.indisprimary AND NOT i.indisexclusion
    ORDER BY i.indexrelid`.execute(db);
  const target = sql<{ name: string }>`SELECT format('%I.%I', ${scratch}::text, ${table}::text) AS name`;
  const copy = (await target.execute(db)).rows[0].name;
  const builds = found.rows.map(({ definition, qualified }) => {
    const on = ` ON ${qualified} `;
    const at = definition.indexOf(on);
    if (at < 0) throw new Error(`cannot read the definition of an index of ${table}: ${definition}`);
    return `${definition.slice(0, at)} ON ${copy} ${definition.slice(at + on.length)}`;
  });
  // The costliest builds (inverted and generalised indexes, e.g. the trigram searches) first, so that the other
  // connections build the rest meanwhile; ANALYZE last.
  const inverted = (definition: string) => /\bUSING (gin|gist|spgist)\b/.test(definition);
  return [...builds.filter(inverted), ...builds.filter((d) => !inverted(d)), `ANALYZE ${copy}`];
}

/** Runs `statements` on `lanes` connections at once (each statement once, in order of taking); stops taking at a failure. */
export async function runInLanes(db: Kysely<any>, statements: readonly string[], lanes: number): Promise<void> {
  const queue = [...statements];
  const lane = () =>
    db.transaction().execute(async (trx) => {
      await sortInMemory(trx);
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        try {
          await sql.raw(next).execute(trx);
        } catch (error) {
          queue.length = 0;
          throw error;
        }
      }
    });
  const settled = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(lanes, queue.length)) }, lane));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}

/**
 * Swaps the rebuilt tables in, in one transaction (see rebuildProjections): each live table that may be replaced whole
 * (`renamed`, its copy already indexed) is dropped and its copy moved in under its name (swapByRename); the rows of
 * the others are copied in. Those lose their secondary indexes first, built again from their saved definitions once
 * the rows are in (a bulk build is far cheaper than maintaining them row by row; a failure rolls the drop back with
 * everything else).
 */
export async function swapIn(
  db: Kysely<any>,
  scratch: string,
  tables: readonly string[],
  renamed: ReadonlySet<string>,
  lap: (phase: 'indexes' | 'swap') => void,
): Promise<void> {
  if (tables.length === 0) return;
  const copied = tables.filter((t) => !renamed.has(t));
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.join(tables.map((t) => sql.id('public', t)))} IN ACCESS EXCLUSIVE MODE`.execute(trx);
    await swapByRename(
      trx,
      scratch,
      tables.filter((t) => renamed.has(t)),
    );
    if (copied.length === 0) return;
    await sortInMemory(trx);
    await sql`TRUNCATE ${sql.join(copied.map((t) => sql.id('public', t)))}`.execute(trx);
    const indexes = await dropSecondaryIndexes(
      trx,
      copied.map((t) => `public.${t}`),
    );
    for (const table of copied) {
      const columns = sql.join((await insertColumnsOf(trx, `public.${table}`)).map((c) => sql.id(c)));
      // The user triggers that are on stay off while the rows are copied (the derived tables are copied too), then are
      // put back in their own state (a trigger that was disabled stays disabled).
      const triggers = (await userTriggersOf(trx, table)).filter((t) => t.enabled !== 'D');
      for (const t of triggers) await sql`ALTER TABLE ${sql.id('public', table)} DISABLE TRIGGER ${sql.id(t.name)}`.execute(trx);
      await sql`INSERT INTO ${sql.id('public', table)} (${columns}) SELECT ${columns} FROM ${sql.id(scratch, table)}`.execute(trx);
      for (const t of triggers) await setTriggerState(trx, table, t);
    }
    lap('swap');
    for (const definition of indexes) await sql.raw(definition).execute(trx);
    lap('indexes');
  });
  lap('swap');
}

/**
 * Within the caller's transaction, which holds the live tables locked: replaces each live `public` table by its
 * rebuilt copy in `scratch` (already indexed), keeping the live table's name, index and constraint names, triggers
 * (with their enabled state), table privileges and comment. The old table's files go at commit; until then readers of
 * it wait on the lock, and statements planned against it are planned again against the new one.
 */
async function swapByRename(trx: Kysely<any>, scratch: string, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const live = sql.id('public', table);
    const triggers = await userTriggersOf(trx, table);
    const grants = await sql<{ grantee: string; privilege: string; grantable: boolean }>`
      SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(r.rolname) END AS grantee,
             a.privilege_type AS privilege, a.is_grantable AS grantable
      FROM pg_class c, aclexplode(c.relacl) a LEFT JOIN pg_roles r ON r.oid = a.grantee
      WHERE c.oid = to_regclass(format('%I.%I', 'public', ${table}::text)) AND a.grantee <> c.relowner`.execute(trx);
    const comment = await sql<{ text: string | null }>`
      SELECT obj_description(to_regclass(format('%I.%I', 'public', ${table}::text)), 'pg_class') AS text`.execute(trx);
    await renameUniqueIndexesAsLive(trx, scratch, table);
    await sql`DROP TABLE ${live}`.execute(trx);
    await sql`ALTER TABLE ${sql.id(scratch, table)} SET SCHEMA public`.execute(trx);
    for (const trigger of triggers) {
      await sql.raw(trigger.definition).execute(trx);
      if (trigger.enabled !== 'O') await setTriggerState(trx, table, trigger);
    }
    for (const grant of grants.rows) {
      const option = grant.grantable ? sql` WITH GRANT OPTION` : sql``;
      await sql`GRANT ${sql.raw(grant.privilege)} ON ${live} TO ${sql.raw(grant.grantee)}${option}`.execute(trx);
    }
    const text = comment.rows[0]?.text;
    if (text != null) await sql`COMMENT ON TABLE ${live} IS ${sql.lit(text)}`.execute(trx);
  }
}

/**
 * The copy's primary key, unique and exclusion indexes were named by `LIKE … INCLUDING ALL` after the copy's table;
 * the live table's may have other names (a table renamed since): each is renamed as the live index of the same
 * definition (renaming an index renames its constraint).
 */
async function renameUniqueIndexesAsLive(trx: Kysely<any>, scratch: string, table: string): Promise<void> {
  const indexes = await sql<{ side: 'live' | 'copy'; name: string; shape: string }>`
    SELECT CASE WHEN n.nspname = 'public' THEN 'live' ELSE 'copy' END AS side, ic.relname AS name,
           substr(pg_get_indexdef(i.indexrelid), strpos(pg_get_indexdef(i.indexrelid), ' USING ')) AS shape
    FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE t.relname = ${table} AND n.nspname IN ('public', ${scratch}) AND (i.indisunique OR i.indisprimary OR i.indisexclusion)
    ORDER BY i.indexrelid`.execute(trx);
  const copies = indexes.rows.filter((i) => i.side === 'copy');
  for (const live of indexes.rows.filter((i) => i.side === 'live')) {
    const at = copies.findIndex((c) => c.shape === live.shape);
    if (at < 0) throw new Error(`the rebuilt ${table} has no index like ${live.name}`);
    const [copy] = copies.splice(at, 1);
    if (copy.name !== live.name) await sql`ALTER INDEX ${sql.id(scratch, copy.name)} RENAME TO ${sql.id(live.name)}`.execute(trx);
  }
}

/** Index builds in this transaction sort in memory rather than on disk. */
async function sortInMemory(trx: Kysely<any>): Promise<void> {
  await sql`SELECT set_config('maintenance_work_mem', '256MB', true)`.execute(trx);
}

type UserTrigger = { name: string; definition: string; enabled: 'O' | 'D' | 'R' | 'A' };

/** The live table's own triggers (not those of its constraints), with their state: O on, D off, R replica, A always. */
async function userTriggersOf(trx: Kysely<any>, table: string): Promise<UserTrigger[]> {
  const found = await sql<UserTrigger>`
    SELECT tgname AS name, pg_get_triggerdef(oid) AS definition, tgenabled::text AS enabled
    FROM pg_trigger WHERE tgrelid = to_regclass(format('%I.%I', 'public', ${table}::text)) AND NOT tgisinternal
    ORDER BY oid`.execute(trx);
  return found.rows;
}

async function setTriggerState(trx: Kysely<any>, table: string, trigger: UserTrigger): Promise<void> {
  const state = { O: 'ENABLE', D: 'DISABLE', R: 'ENABLE REPLICA', A: 'ENABLE ALWAYS' }[trigger.enabled];
  await sql`ALTER TABLE ${sql.id('public', table)} ${sql.raw(state)} TRIGGER ${sql.id(trigger.name)}`.execute(trx);
}
