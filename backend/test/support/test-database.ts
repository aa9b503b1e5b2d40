import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../../src/platform/database/database.js';
import { migrateToLatest } from '../../src/platform/database/migrate.js';

/**
 * Tests run on a real PostgreSQL: DATABASE_URL when set, else the local default port. Each test file gets a
 * database of its own, created here and dropped afterwards, so files run in parallel without sharing rows.
 *
 * A database at the latest migration (`createTestDatabase(label, { migrated: true })`, the test apps' and
 * `createMigratedTestDatabase`'s) is a copy of the run's template (`CREATE DATABASE ... TEMPLATE`), which jest's global
 * setup migrates once (`createTemplateDatabase`, named in TEST_TEMPLATE_DATABASE): a copy takes a fraction of the time
 * the 40-odd migrations take. Without a template (a script outside jest) the database is migrated in place.
 */
export function serverUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The environment variable naming the run's migrated template database (set by global-setup.mjs). */
export const TEMPLATE_DATABASE_VARIABLE = 'TEST_TEMPLATE_DATABASE';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

async function adminClient(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`Tests need PostgreSQL: set DATABASE_URL or run one on 127.0.0.1:5432 (${(error as Error).message})`);
  }
  return admin;
}

/**
 * CREATE DATABASE `name` TEMPLATE `template`. PostgreSQL refuses a copy while any session is connected to the
 * template ("source database ... is being accessed by other users", 55006), e.g. a connection of the migration that
 * has closed but whose server process has not exited yet: try again for a while. Copies made at the same time from
 * one template do not conflict (each runs from the maintenance database).
 */
async function copyTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export async function createTestDatabase(label = 'test', options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `lending_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const template = options.migrated ? process.env[TEMPLATE_DATABASE_VARIABLE] : undefined;
  const admin = await adminClient();
  try {
    if (template) await copyTemplate(admin, name, template);
    else await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const database: TestDatabase = {
    name,
    url: withDatabase(serverUrl(), name),
    async drop() {
      const client = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
  if (!options.migrated) return database;
  const db = createDb(database.url, 1);
  try {
    // A copy has the template's event log id (migration 0024): give it one of its own, as a fresh database has.
    if (template) await sql`UPDATE event_log_identity SET id = gen_random_uuid(), created_at = now()`.execute(db);
    else await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await database.drop();
    throw error;
  }
  await db.destroy();
  return database;
}

/** A fresh database at the latest migration, with a kysely handle: the setup of the platform's integration tests. */
export async function createMigratedTestDatabase(label: string): Promise<TestDatabase & { db: Db; close(): Promise<void> }> {
  const database = await createTestDatabase(label, { migrated: true });
  const db = createDb(database.url);
  return {
    ...database,
    db,
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}

/**
 * The run's template: a database migrated to the latest migration that nobody connects to afterwards (connections
 * are refused, so no stray session blocks a copy). jest's global setup makes it and names it in
 * TEST_TEMPLATE_DATABASE; its teardown drops it.
 */
export async function createTemplateDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase('template');
  const db = createDb(database.url, 1);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await database.drop();
    throw error;
  }
  await db.destroy();
  const admin = await adminClient();
  try {
    await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
  } finally {
    await admin.end();
  }
  return database;
}
