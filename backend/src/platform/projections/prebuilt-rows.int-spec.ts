import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import type { Db } from '../database/database.js';
import { ConcurrencyError } from '../event-store/event-store.errors.js';
import type { PendingEvent, ProjectedRow, RecordedEvent } from '../event-store/event-store.port.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { inlineProjector, type Projection } from './projection.js';

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createMigratedTestDatabase('prebuilt');
  db = database.db;
  await sql`CREATE TABLE tally (id text PRIMARY KEY, name text NOT NULL, n integer NOT NULL)`.execute(db);
});

afterAll(async () => {
  await database?.close();
});

/**
 * An inline projection that pre-builds its rows from the events when it can (Named: the whole row; Counted: an
 * update of the row) and otherwise runs applyBatch in the append's transaction, which it records.
 */
function tallyProjection(ranInTransaction: string[]): Projection {
  return {
    name: 'tally',
    eventTypes: ['Named', 'Counted', 'Renamed'],
    tables: ['tally'],
    prebuild(events: readonly PendingEvent[]): ProjectedRow[] | undefined {
      if (events.some((e) => e.type === 'Renamed')) return undefined;
      return events.map((e) =>
        e.type === 'Named'
          ? { projection: 'tally', table: 'tally', key: 'id', row: { id: e.streamId, name: String(e.data.name), n: 0 } }
          : { projection: 'tally', table: 'tally', key: 'id', row: { id: e.streamId, n: Number(e.data.n) }, mode: 'update' as const },
      );
    },
    async applyBatch(trx, events: RecordedEvent[]) {
      ranInTransaction.push(events.map((e) => e.type).join(','));
      for (const e of events) await sql`UPDATE tally SET name = ${String(e.data.name)} WHERE id = ${e.streamId}`.execute(trx);
    },
  };
}

const rowOf = async (id: string) => (await sql<{ name: string; n: number }>`SELECT name, n FROM tally WHERE id = ${id}`.execute(db)).rows;

describe('rows an inline projection pre-builds from the events', () => {
  it('are written in the append statement: the whole row, then an update of it; the projection is not run', async () => {
    const ran: string[] = [];
    const store = new PostgresEventStore(db, inlineProjector([tallyProjection(ran)]));
    const id = `tally-${randomUUID()}`;
    await store.append(id, 'test', [{ type: 'Named', data: { name: 'first' } }], { expectedVersion: 0 });
    expect(await rowOf(id)).toEqual([{ name: 'first', n: 0 }]);
    await store.append(id, 'test', [{ type: 'Counted', data: { n: 7 } }], { expectedVersion: 1 });
    expect(await rowOf(id)).toEqual([{ name: 'first', n: 7 }]);
    expect(ran).toEqual([]);
  });

  it('are not written when the append is refused, and an update of a row that is not there writes nothing', async () => {
    const store = new PostgresEventStore(db, inlineProjector([tallyProjection([])]));
    const id = `tally-${randomUUID()}`;
    await store.append(id, 'test', [{ type: 'Named', data: { name: 'kept' } }], { expectedVersion: 0 });
    await expect(store.append(id, 'test', [{ type: 'Counted', data: { n: 99 } }], { expectedVersion: 0 })).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect(await rowOf(id)).toEqual([{ name: 'kept', n: 0 }]);
    const missing = `tally-${randomUUID()}`;
    await store.append(missing, 'test', [{ type: 'Counted', data: { n: 1 } }], { expectedVersion: 0 });
    expect(await rowOf(missing)).toEqual([]);
  });

  it('leave the projection to its transaction when it cannot pre-build', async () => {
    const ran: string[] = [];
    const store = new PostgresEventStore(db, inlineProjector([tallyProjection(ran)]));
    const id = `tally-${randomUUID()}`;
    await store.append(id, 'test', [{ type: 'Named', data: { name: 'before' } }], { expectedVersion: 0 });
    await store.append(id, 'test', [{ type: 'Renamed', data: { name: 'after' } }], { expectedVersion: 1 });
    expect(ran).toEqual(['Renamed']);
    expect(await rowOf(id)).toEqual([{ name: 'after', n: 0 }]);
  });

  it('are written by a statement shared by concurrent appends: each stream its own row, a refused one nothing', async () => {
    const ran: string[] = [];
    // One statement in flight at a time: the appends made meanwhile go out together.
    const store = new PostgresEventStore(db, inlineProjector([tallyProjection(ran)]), {
      batching: { inFlight: 1, stalledAfterMs: 60_000 },
    });
    const ids = Array.from({ length: 8 }, () => `tally-${randomUUID()}`);
    await Promise.all(ids.map((id, i) => store.append(id, 'test', [{ type: 'Named', data: { name: `n${i}` } }], { expectedVersion: 0 })));
    const outcomes = await Promise.allSettled(
      ids.map((id, i) => store.append(id, 'test', [{ type: 'Counted', data: { n: i + 1 } }], { expectedVersion: i === 3 ? 5 : 1 })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(ids.map((_, i) => (i === 3 ? 'rejected' : 'fulfilled')));
    expect((outcomes[3] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    for (const [i, id] of ids.entries()) expect(await rowOf(id)).toEqual([{ name: `n${i}`, n: i === 3 ? 0 : i + 1 }]);
    expect(ran).toEqual([]);
  });
});
