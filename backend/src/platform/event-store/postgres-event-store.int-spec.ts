import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { waitFor } from '../../../test/support/wait-for.js';
import type { Db } from '../database/database.js';
import { eventStoreContract } from './event-store.contract.js';
import { ConcurrencyError } from './event-store.errors.js';
import { START_OF_LOG, type Checkpoint, type RecordedEvent } from './event-store.port.js';
import { EVENTS_CHANNEL, PostgresEventStore } from './postgres-event-store.js';

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let db: Db;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createMigratedTestDatabase('eventstore');
  db = database.db;
  store = new PostgresEventStore(db);
});

afterAll(async () => {
  await database?.close();
});

eventStoreContract('PostgresEventStore', () => store);

async function readEverything(after: Checkpoint): Promise<{ events: RecordedEvent[]; after: Checkpoint }> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const batch = await store.readAll(after, 100);
    if (batch.length === 0) return { events, after };
    events.push(...batch);
    const last = batch[batch.length - 1];
    after = { transactionId: last.transactionId, position: last.position };
  }
}

describe('PostgresEventStore specifics', () => {
  it('never lets a subscriber skip a transaction that took a lower position but committed later', async () => {
    let cursor = (await readEverything(START_OF_LOG)).after;
    const slow = new pg.Client({ connectionString: database.url });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      const early = await slow.query(
        `INSERT INTO events (stream_id, stream_type, version, type, data) VALUES ('slow-1', 'test', 1, 'SlowHappened', '{}') RETURNING global_position`,
      );
      const fast = await store.append('fast-1', 'test', [{ type: 'FastHappened', data: {} }], { expectedVersion: 0 });
      expect(Number(early.rows[0].global_position)).toBeLessThan(fast.lastPosition);

      // While the slow transaction is open, the reader must hold back the fast event too.
      const during = await readEverything(cursor);
      expect(during.events.map((e) => e.streamId)).not.toContain('fast-1');
      cursor = during.after;

      await slow.query('COMMIT');
      // Other tests' events may surface in between; what matters is that both of ours come, slow one first.
      const seen: string[] = [];
      await waitFor(async () => {
        const next = await readEverything(cursor);
        seen.push(...next.events.map((e) => e.streamId).filter((s) => s === 'slow-1' || s === 'fast-1'));
        cursor = next.after;
        return seen.length >= 2;
      }, 'both events');
      expect(seen).toEqual(['slow-1', 'fast-1']);
    } finally {
      await slow.end();
    }
  });

  it('reads every event exactly once under 16 concurrent writers', async () => {
    let cursor = (await readEverything(START_OF_LOG)).after;
    const seen = new Set<number>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const batch = await readEverything(cursor);
        for (const e of batch.events) {
          expect({ position: e.position, duplicate: seen.has(e.position), cursor }).toEqual({
            position: e.position,
            duplicate: false,
            cursor,
          });
          seen.add(e.position);
        }
        cursor = batch.after;
      }
    })();
    const written: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; i < 25; i += 1) {
          const r = await store.append(`writer-${w}-${i}`, 'test', [{ type: 'Written', data: { w, i } }], { expectedVersion: 0 });
          written.push(r.lastPosition);
        }
      }),
    );
    writing = false;
    await reader;
    await waitFor(async () => {
      const next = await readEverything(cursor);
      for (const e of next.events) seen.add(e.position);
      cursor = next.after;
      return written.every((p) => seen.has(p));
    }, 'every written event');
    expect(written.every((p) => seen.has(p))).toBe(true);
  });

  it('orders the log by transaction id as a number, not as text (99 before 100)', async () => {
    // Transaction ids far below any live one, so these rows are visible at once; as text, '100' < '99'.
    await sql`INSERT INTO events (stream_id, stream_type, version, type, data, transaction_id)
              VALUES ('xid-99', 'test', 1, 'Old', '{}', '99'::xid8), ('xid-100', 'test', 1, 'Old', '{}', '100'::xid8)`.execute(db);
    const seen: string[] = [];
    let after: Checkpoint = { transactionId: '98', position: 0 };
    for (let page = 0; page < 5; page += 1) {
      const batch = await store.readAll(after, 1);
      if (batch.length === 0 || !batch[0].streamId.startsWith('xid-')) break;
      seen.push(batch[0].streamId);
      after = { transactionId: batch[0].transactionId, position: batch[0].position };
    }
    expect(seen).toEqual(['xid-99', 'xid-100']);
  });

  it('rejects UPDATE, DELETE and TRUNCATE of events in the database itself', async () => {
    await store.append('immutable-1', 'test', [{ type: 'Happened', data: { v: 1 } }], { expectedVersion: 0 });
    await expect(sql`UPDATE events SET data = '{"v":2}' WHERE stream_id = 'immutable-1'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM events WHERE stream_id = 'immutable-1'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE events`.execute(db)).rejects.toThrow(/append-only/);
    expect((await store.readStream('immutable-1'))[0].data).toEqual({ v: 1 });
  });

  it('rolls back the events, the command result and the pre-built rows when an inline projection fails', async () => {
    await sql`CREATE TABLE IF NOT EXISTS rollback_model (id text PRIMARY KEY, n integer NOT NULL)`.execute(db);
    const failing = new PostgresEventStore(db, {
      hasWork: () => true,
      project: async () => {
        throw new Error('projection failed');
      },
    });
    await expect(
      failing.append('rollback-1', 'test', [{ type: 'Happened', data: {} }], {
        expectedVersion: 0,
        idempotencyKey: 'rollback-key',
        projectedRows: [{ projection: 'other', table: 'rollback_model', key: 'id', row: { id: 'rollback-1', n: 1 } }],
      }),
    ).rejects.toThrow('projection failed');
    expect(await store.readStream('rollback-1')).toHaveLength(0);
    expect(await store.findCommandResult('rollback-key')).toBeUndefined();
    expect((await sql`SELECT * FROM rollback_model`.execute(db)).rows).toEqual([]);
  });
});

/** A second connection LISTENing on the store's channel, collecting payloads in the order they arrive. */
async function listener(): Promise<{ payloads: string[]; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const payloads: string[] = [];
  client.on('notification', (n) => payloads.push(n.payload ?? ''));
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  return { payloads, end: () => client.end() };
}

describe.each(['after-commit', 'in-transaction'] as const)('NOTIFY (%s)', (notify) => {
  it('wakes listeners for a committed append, once its events are readable, and never for a refused one', async () => {
    const notifying = new PostgresEventStore(db, undefined, { notify });
    const listening = await listener();
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      const id = `notify-${notify}`;
      await notifying.append(id, 'test', [{ type: 'Happened', data: {} }], { expectedVersion: 0 });
      await waitFor(async () => listening.payloads.length >= 1, 'the first notification');
      await notifying.notified();
      listening.payloads.length = 0;

      // Refused by the version check: nothing inserted.
      await expect(notifying.append(id, 'test', [{ type: 'Happened', data: {} }], { expectedVersion: 0 })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      // Refused by the unique index after its statement ran: another transaction takes version 2 and commits meanwhile.
      await blocker.query('BEGIN');
      await blocker.query(`INSERT INTO events (stream_id, stream_type, version, type, data) VALUES ($1, 'test', 2, 'Raced', '{}')`, [id]);
      const loser = notifying.append(id, 'test', [{ type: 'Happened', data: {} }], { expectedVersion: 1 });
      await waitFor(async () => {
        const waiting = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
        return waiting.rows[0].n > 0;
      }, 'the loser to wait for the raced row');
      await blocker.query('COMMIT');
      await expect(loser).rejects.toBeInstanceOf(ConcurrencyError);

      const winner = await notifying.append(id, 'test', [{ type: 'Happened', data: {} }], { expectedVersion: 2 });
      const seen: number[] = [];
      await waitFor(async () => {
        if (listening.payloads.length === 0) return false;
        // Woken after the commit: what it was woken for is there to read.
        seen.push(...(await store.readStream(id)).map((e) => e.version));
        return true;
      }, 'the winner notification');
      await notifying.notified();
      // Notifications come in commit order: had a refused append notified, it would have come first.
      expect(listening.payloads).toEqual([String(winner.lastPosition)]);
      expect(seen).toEqual([1, 2, 3]);
    } finally {
      await blocker.end();
      await listening.end();
    }
  });
});

describe('NOTIFY after commit under concurrent writers', () => {
  it('ends with a NOTIFY sent after the last commit, naming the highest position', async () => {
    const notifying = new PostgresEventStore(db);
    const listening = await listener();
    try {
      const appended = await Promise.all(
        Array.from({ length: 16 }, (_, w) =>
          notifying.append(`notify-many-${w}`, 'test', [{ type: 'Happened', data: { w } }], { expectedVersion: 0 }),
        ),
      );
      await notifying.notified();
      const highest = Math.max(...appended.map((a) => a.lastPosition));
      await waitFor(() => listening.payloads.includes(String(highest)), 'the notification for the last commit');
      expect(listening.payloads.length).toBeGreaterThan(0);
      expect(listening.payloads.length).toBeLessThanOrEqual(16);
      expect(listening.payloads.at(-1)).toBe(String(highest));
    } finally {
      await listening.end();
    }
  });
});

describe('pre-built read-model rows', () => {
  beforeAll(async () => {
    await sql`CREATE TABLE model (id uuid PRIMARY KEY, n integer NOT NULL, amount numeric NOT NULL, at timestamptz, doc jsonb NOT NULL, last_position bigint NOT NULL)`.execute(
      db,
    );
  });
  const modelRow = (id: string, n: number) => ({
    projection: 'model',
    table: 'model',
    key: 'id',
    row: {
      id,
      n,
      amount: 12.5 * n,
      at: n > 1 ? '2026-01-02T03:04:05.678Z' : null,
      doc: JSON.stringify({ n, list: [n, 'x'] }),
      last_position: 0,
    },
    positionColumn: 'last_position',
  });
  const modelRows = async (id: string) => (await sql<Record<string, unknown>>`SELECT * FROM model WHERE id = ${id}`.execute(db)).rows;

  it('are upserted with the events, positioned at the last one, and not when the append is refused', async () => {
    const id = randomUUID();
    const first = await store.append(`model-${id}`, 'test', [{ type: 'Happened', data: {} }], {
      expectedVersion: 0,
      projectedRows: [modelRow(id, 1)],
    });
    expect(await modelRows(id)).toEqual([
      { id, n: 1, amount: '12.5', at: null, doc: { n: 1, list: [1, 'x'] }, last_position: String(first.lastPosition) },
    ]);
    const second = await store.append(
      `model-${id}`,
      'test',
      [
        { type: 'Happened', data: {} },
        { type: 'Happened', data: {} },
      ],
      { expectedVersion: 1, projectedRows: [modelRow(id, 3)] },
    );
    const after = await modelRows(id);
    expect(after).toEqual([
      {
        id,
        n: 3,
        amount: '37.5',
        at: new Date('2026-01-02T03:04:05.678Z'),
        doc: { n: 3, list: [3, 'x'] },
        last_position: String(second.lastPosition),
      },
    ]);
    await expect(
      store.append(`model-${id}`, 'test', [{ type: 'Happened', data: {} }], { expectedVersion: 1, projectedRows: [modelRow(id, 9)] }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(
      store.append(`model-${id}`, 'test', [{ type: 'Happened', data: {} }], { expectedVersion: 7, projectedRows: [modelRow(id, 9)] }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await modelRows(id)).toEqual(after);
  });

  it('run the projections they do not cover in the transaction, and skip those they do', async () => {
    const projected: string[] = [];
    const projector = {
      hasWork: (types: readonly string[], prebuilt: ReadonlySet<string>) => !prebuilt.has('model') && types.includes('Happened'),
      project: async (trx: any, events: RecordedEvent[], prebuilt: ReadonlySet<string>) => {
        // Inside the append's transaction: its events are there to read.
        const mine = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE stream_id = ${events[0].streamId}`.execute(trx);
        projected.push(`${events.map((e) => e.version).join(',')} seen ${mine.rows[0].n} prebuilt ${[...prebuilt].join(',')}`);
      },
    };
    const projecting = new PostgresEventStore(db, projector);
    const id = randomUUID();
    await projecting.append(`model-${id}`, 'test', [{ type: 'Happened', data: {} }], { expectedVersion: 0 });
    await projecting.append(`model-${id}`, 'test', [{ type: 'Happened', data: {} }], {
      expectedVersion: 1,
      projectedRows: [modelRow(id, 2)],
    });
    expect(projected).toEqual(['1 seen 1 prebuilt ']);
    expect((await modelRows(id))[0]).toMatchObject({ n: 2 });
  });

  it('are refused when they name a column the table does not have', async () => {
    const row = modelRow(randomUUID(), 1);
    await expect(
      store.append(`model-${randomUUID()}`, 'test', [{ type: 'Happened', data: {} }], {
        expectedVersion: 0,
        projectedRows: [{ ...row, row: { ...row.row, nope: 1 } }],
      }),
    ).rejects.toThrow(/no column nope/);
  });
});
