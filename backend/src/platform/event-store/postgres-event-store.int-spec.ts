import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { waitFor } from '../../../test/support/wait-for.js';
import type { Db } from '../database/database.js';
import { eventStoreContract } from './event-store.contract.js';
import { START_OF_LOG, type Checkpoint, type RecordedEvent } from './event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';

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
          expect({ position: e.position, duplicate: seen.has(e.position), cursor }).toEqual({ position: e.position, duplicate: false, cursor });
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

  it('rolls back the events when an inline projection fails', async () => {
    const failing = new PostgresEventStore(db, async () => {
      throw new Error('projection failed');
    });
    await expect(failing.append('rollback-1', 'test', [{ type: 'Happened', data: {} }], { expectedVersion: 0 })).rejects.toThrow('projection failed');
    expect(await store.readStream('rollback-1')).toHaveLength(0);
  });
});
