import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// A DATE is a calendar day, not an instant: keep it as 'YYYY-MM-DD' instead of a local-midnight Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

// bigint columns (positions, money) arrive as strings; we convert explicitly where read.
export type Db = Kysely<Database>;
export const DB = Symbol('DB');

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
