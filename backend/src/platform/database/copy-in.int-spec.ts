import { createHook } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { copyRowsIn } from './copy-in.js';
import { createDb } from './database.js';

let database: TestDatabase;
let db: Kysely<any>;

beforeAll(async () => {
  database = await createTestDatabase('copyin');
  db = createDb(database.url, 2) as Kysely<any>;
  await sql`CREATE TABLE copied (id integer PRIMARY KEY, name text, at timestamptz, amount numeric, doc jsonb, "odd ""name""" text)`.execute(
    db,
  );
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const columns = ['id', 'name', 'at', 'amount', 'doc', 'odd "name"'];

describe('copyRowsIn (COPY FROM STDIN through Kysely)', () => {
  it('writes every value as an INSERT would: escapes, NULLs, dates, JSON text and objects', async () => {
    const doc = { note: 'tab\there, newline\nthere, back\\slash, quote " and \u00e9', list: [1, 2.5, null] };
    const rows = [
      { id: 1, name: 'plain', at: '2026-01-02T03:04:05.678Z', amount: 12.5, doc: JSON.stringify(doc), 'odd "name"': 'x' },
      { id: 2, name: 'a\tb\nc\rd\\e \\N', at: new Date('2026-02-03T00:00:00.000Z'), amount: 1e21, doc, 'odd "name"': null },
      { id: 3, name: null, at: undefined, amount: Number.NaN, doc: null, 'odd "name"': '\\N' },
      { id: 4, name: '', at: null, amount: -0.000001, doc: '[]', 'odd "name"': 'é😀' },
    ];
    expect(await copyRowsIn(db, 'copied', columns, rows)).toBe(4);
    const found = await sql<any>`SELECT id, name, at, amount::text AS amount, doc, "odd ""name""" AS odd FROM copied ORDER BY id`.execute(
      db,
    );
    expect(found.rows).toEqual([
      { id: 1, name: 'plain', at: new Date('2026-01-02T03:04:05.678Z'), amount: '12.5', doc, odd: 'x' },
      { id: 2, name: 'a\tb\nc\rd\\e \\N', at: new Date('2026-02-03T00:00:00.000Z'), amount: '1000000000000000000000', doc, odd: null },
      { id: 3, name: null, at: null, amount: null, doc: null, odd: '\\N' },
      { id: 4, name: '', at: null, amount: '-0.000001', doc: [], odd: 'é😀' },
    ]);
  });

  it('runs in the transaction it is given, in order with its other statements, and rolls back with it', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`DELETE FROM copied`.execute(trx);
        await copyRowsIn(trx, 'copied', ['id', 'name'], [{ id: 10, name: 'in the transaction' }]);
        const inside = await sql<{ n: string }>`SELECT count(*) AS n FROM copied`.execute(trx);
        expect(Number(inside.rows[0].n)).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM copied`.execute(db);
    expect(Number(after.rows[0].n)).toBe(4);
  });

  it("fails with PostgreSQL's error for bad rows and leaves the connection usable", async () => {
    await expect(copyRowsIn(db, 'copied', ['id', 'at'], [{ id: 20, at: 'not a time' }])).rejects.toThrow(
      /invalid input syntax for type timestamp/,
    );
    await expect(copyRowsIn(db, 'copied', ['id'], [{ id: 1 }])).rejects.toThrow(/duplicate key/);
    await expect(copyRowsIn(db, 'no_such_table', ['id'], [{ id: 1 }])).rejects.toThrow(/does not exist/);
    expect(await copyRowsIn(db, 'copied', ['id'], [])).toBe(0);
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM copied`.execute(db);
    expect(Number(after.rows[0].n)).toBe(4);
  });

  it('leaves no timer behind on a connection with a query timeout, whether the COPY succeeds or fails', async () => {
    // pg starts a read timer for each statement on such a connection (the API's pool has one: statementTimeouts) and
    // clears it when the statement calls back (62 s here). The timers started while the COPY runs, less those cleared.
    const timed = createDb(database.url, 1, 3000, 60_000) as Kysely<any>;
    const started = new Set<number>();
    const hook = createHook({
      init: (id, type) => void (type === 'Timeout' && started.add(id)),
      destroy: (id) => void started.delete(id),
    });
    try {
      await timed.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx); // the connection is open before the timers are watched
        hook.enable();
        expect(await copyRowsIn(trx, 'copied', ['id', 'name'], [{ id: 30, name: 'timed' }])).toBe(1);
        await nextTurn(); // destroy hooks are called on a later turn
        expect(started.size).toBe(0);
        await expect(copyRowsIn(trx, 'copied', ['id'], [{ id: 30 }])).rejects.toThrow(/duplicate key/);
        await nextTurn();
        expect(started.size).toBe(0);
      });
    } finally {
      hook.disable();
      await timed.destroy();
    }
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM copied WHERE id = 30`.execute(db);
    expect(Number(after.rows[0].n)).toBe(0); // the failed COPY rolled its transaction back
  });
});
