import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// A DATE is a calendar day, not an instant: keep it as 'YYYY-MM-DD' instead of a local-midnight Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

// bigint columns (positions, money) arrive as strings; we convert explicitly where read.
export type Db = Kysely<Database>;
export const DB = Symbol('DB');

const pools = new WeakMap<Kysely<any>, pg.Pool>();

/**
 * `connectTimeoutMs` bounds both the wait for a free pooled connection and the opening of a new one, so a request
 * fails fast (503, see database-unavailable.ts) while PostgreSQL is down or every connection is busy, instead of
 * waiting for ever (pg's default).
 */
export function createDb(connectionString: string, max = 10, connectTimeoutMs = 3000): Db {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: connectTimeoutMs });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * The pg pool behind a handle made by `createDb`, for the few hot statements that are worth a named (server-side
 * prepared) statement, which kysely does not offer. Undefined for any other handle: callers fall back to kysely.
 */
export function pgPoolOf(db: Kysely<any>): pg.Pool | undefined {
  return pools.get(db);
}
