import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createDb, type Db } from './database.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

/**
 * Issue 16, hung connections: a statement that waits on a lock a stuck transaction holds, or simply runs too long, is
 * cut off at DATABASE_STATEMENT_TIMEOUT_MS (PostgreSQL's statement_timeout on every pooled connection), the API
 * classifies it as "unavailable" (503 with Retry-After, never a 500), and the pool's connection serves the next request.
 */
let database: TestDatabase;
let db: Db;
let holder: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase('statement_timeout');
  db = createDb(database.url, 2, 3000, 500);
  holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  await holder.query('CREATE TABLE parked (id int PRIMARY KEY, n int NOT NULL)');
  await holder.query('INSERT INTO parked VALUES (1, 0)');
});

afterAll(async () => {
  await holder?.end().catch(() => undefined);
  await db?.destroy();
  await database?.drop();
});

describe('DATABASE_STATEMENT_TIMEOUT_MS', () => {
  it('given a pool with a 500 ms limit, when a statement runs longer, then the server cancels it and the connection is reused', async () => {
    const error = await sql`SELECT pg_sleep(30)`.execute(db).then(
      () => undefined,
      (e: unknown) => e as { code?: string; message: string },
    );
    expect(error).toMatchObject({ code: '57014', message: expect.stringMatching(/statement timeout/) });
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('given a transaction elsewhere holding a row lock and never finishing, when an update waits on it, then it is cut off instead of hanging', async () => {
    await holder.query('BEGIN');
    await holder.query('UPDATE parked SET n = n + 1 WHERE id = 1');
    try {
      const error = await sql`UPDATE parked SET n = n + 10 WHERE id = 1`.execute(db).then(
        () => undefined,
        (e: unknown) => e as { code?: string },
      );
      expect(error).toMatchObject({ code: '57014' });
    } finally {
      await holder.query('ROLLBACK');
    }
    // The lock is gone: the same update now goes through, and nothing of the cut-off one was applied.
    await sql`UPDATE parked SET n = n + 10 WHERE id = 1`.execute(db);
    expect((await holder.query('SELECT n FROM parked WHERE id = 1')).rows).toEqual([{ n: 10 }]);
  });

  it('given no limit (0, as migrations run), when a statement takes a while, then it completes', async () => {
    const unlimited = createDb(database.url, 1, 3000, 0);
    try {
      expect((await sql<{ done: boolean }>`SELECT true AS done FROM pg_sleep(0.7)`.execute(unlimited)).rows).toEqual([{ done: true }]);
    } finally {
      await unlimited.destroy();
    }
  });
});
