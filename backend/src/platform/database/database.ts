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
 * A statement running longer than `ms` is cancelled by the server (statement_timeout, SQLSTATE 57014: also a wait for
 * a lock held by a stuck transaction); the driver gives up on its own 2 s later (query_timeout), for a connection
 * whose server stopped answering altogether (a network partition), so no request holds a pooled connection for ever.
 * 0: no limit (migrations, the CLI's long rebuild when asked).
 */
export function statementTimeouts(ms: number): { statement_timeout?: number; query_timeout?: number } {
  return ms > 0 ? { statement_timeout: ms, query_timeout: ms + 2000 } : {};
}

/**
 * `connectTimeoutMs` bounds both the wait for a free pooled connection and the opening of a new one, so a request
 * fails fast (503, see database-unavailable.ts) while PostgreSQL is down or every connection is busy, instead of
 * waiting for ever (pg's default).
 */
export function createDb(connectionString: string, max = 10, connectTimeoutMs = 3000, statementTimeoutMs = 0): Db {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: connectTimeoutMs, ...statementTimeouts(statementTimeoutMs) });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  // Nor a checked-out one between two statements (in a transaction, say): pg-pool takes its idle listener off while
  // a client is out, and a client's 'error' with no listener is thrown. A query in flight still gets its error; the
  // broken client is dropped by the pool when released (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => undefined));
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
