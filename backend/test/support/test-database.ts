import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../../src/platform/database/database.js';
import { migrateToLatest } from '../../src/platform/database/migrate.js';

/**
 * Tests run on a real PostgreSQL: DATABASE_URL when set, else the local default port. Each test file gets a
 * database of its own, created here and dropped afterwards, so files run in parallel without sharing rows.
 */
export function serverUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const name = `lending_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`Tests need PostgreSQL: set DATABASE_URL or run one on 127.0.0.1:5432 (${(error as Error).message})`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    name,
    url: withDatabase(serverUrl(), name),
    async drop() {
      const client = new pg.Client({ connectionString: withDatabase(serverUrl(), 'postgres') });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh database at the latest migration, with a kysely handle: the setup of the platform's integration tests. */
export async function createMigratedTestDatabase(label: string): Promise<TestDatabase & { db: Db; close(): Promise<void> }> {
  const database = await createTestDatabase(label);
  const db = createDb(database.url);
  await migrateToLatest(db);
  return {
    ...database,
    db,
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}
