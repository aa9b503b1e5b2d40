import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createDb, pgPoolOf } from './database.js';
import { queryPrepared } from './prepared-query.js';

let database: TestDatabase;
let db: Kysely<any>;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase('prepared');
  db = createDb(database.url, 1) as Kysely<any>;
  pool = pgPoolOf(db)!;
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('queryPrepared', () => {
  it('answers the rows of a named statement, with its values and pg type parsing', async () => {
    const rows = await queryPrepared<{ n: number; word: string; doubled: number }>(
      pool,
      'prepared_spec_words',
      'SELECT $1::int AS n, $2::text AS word, $1::int * 2 AS doubled',
      [21, 'twenty-one'],
    );
    expect(rows).toEqual([{ n: 21, word: 'twenty-one', doubled: 42 }]);
  });

  it('prepares the statement once per connection under its name, then only executes it', async () => {
    const text = 'SELECT count(*)::int AS prepared FROM pg_prepared_statements WHERE name = $1';
    const counts: number[] = [];
    for (let i = 0; i < 3; i++)
      counts.push((await queryPrepared<{ prepared: number }>(pool, 'prepared_spec_count', text, ['prepared_spec_count']))[0]!.prepared);
    // The first run sees itself prepared (parse comes before execute); the one connection keeps it, no second prepare.
    expect(counts).toEqual([1, 1, 1]);
    const all = await queryPrepared<{ name: string }>(
      pool,
      'prepared_spec_all',
      'SELECT name FROM pg_prepared_statements ORDER BY name',
      [],
    );
    expect(all.map((row) => row.name)).toEqual(['prepared_spec_all', 'prepared_spec_count', 'prepared_spec_words']);
  });

  it('rejects with the PostgreSQL error and leaves the connection usable', async () => {
    await expect(queryPrepared(pool, 'prepared_spec_fails', 'SELECT 1 / $1::int AS x', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await queryPrepared(pool, 'prepared_spec_fails', 'SELECT 1 / $1::int AS x', [4])).toEqual([{ x: 0 }]);
  });
});
