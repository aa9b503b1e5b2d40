import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { waitFor } from '../../../test/support/wait-for.js';
import type { Db } from '../database/database.js';
import { eventStoreContract } from './event-store.contract.js';
import { ConcurrencyError } from './event-store.errors.js';
import type { AppendOptions, AppendResult, NewEvent } from './event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';

/**
 * The appends of concurrent writers sent together (AppendBatcher). With one statement in flight at most, appends made
 * in the same tick go as: the first alone, then all the others in one statement as soon as it returns. Appends of one
 * statement share its transaction, which is how these tests tell a batch from appends run alone.
 */
let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let db: Db;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createMigratedTestDatabase('eventstore_batch');
  db = database.db;
  // Never counted as stalled here, so that which appends share a statement does not depend on the machine's speed.
  store = new PostgresEventStore(db, undefined, { batching: { inFlight: 1, stalledAfterMs: 60_000 } });
  await sql`CREATE TABLE batch_model (id text PRIMARY KEY, n integer NOT NULL, at timestamptz, doc jsonb NOT NULL, last_position bigint NOT NULL)`.execute(
    db,
  );
});

afterAll(async () => {
  await database?.close();
});

// The whole contract again, with every append that can go in a batch going in one.
eventStoreContract('PostgresEventStore, one statement in flight', () => store);

type Call = { streamId: string; events: NewEvent[]; options: AppendOptions };
const happened = (n: number): NewEvent => ({ type: 'Happened', data: { n, text: `it's "${n}"` } });
const stream = (name: string) => `batch-${name}-${randomUUID()}`;
/** A first append that goes alone and keeps the statement slot busy while the calls after it queue up. */
const opener = (): Call => ({ streamId: stream('opener'), events: [happened(0)], options: { expectedVersion: 0 } });
const appendAll = (calls: Call[]) => Promise.allSettled(calls.map((c) => store.append(c.streamId, 'test', c.events, c.options)));
const fulfilled = (o: PromiseSettledResult<AppendResult>) => (o as PromiseFulfilledResult<AppendResult>).value;
const rejected = (o: PromiseSettledResult<AppendResult>) => (o as PromiseRejectedResult).reason as unknown;
const transactionOf = (r: AppendResult) => r.events[0].transactionId;
const modelRow = (id: string, n: number) => ({
  projection: 'batch_model',
  table: 'batch_model',
  key: 'id',
  row: { id, n, at: n % 2 ? new Date(Date.UTC(2026, 0, n)) : null, doc: JSON.stringify({ n, quote: 'a "b"' }), last_position: 0 },
  positionColumn: 'last_position',
});

describe('appends of concurrent writers sent together', () => {
  it('commits every append of a batch with its own versions, positions, command result and pre-built row', async () => {
    const existing = stream('existing');
    await store.append(existing, 'test', [happened(1), happened(2)], { expectedVersion: 0 });
    const calls: Call[] = [opener()];
    for (let i = 1; i <= 12; i += 1) {
      const streamId = i === 1 ? existing : stream(`many-${i}`);
      calls.push({
        streamId,
        events: Array.from({ length: 1 + (i % 3) }, (_, k) => happened(i * 10 + k)),
        options: {
          expectedVersion: i === 1 ? 2 : 0,
          metadata: { actor: { id: `u${i}`, role: 'staff' } },
          ...(i % 2 ? { idempotencyKey: `key-${randomUUID()}`, commandType: 'DoThing', requestFingerprint: `f${i}`, result: { i } } : {}),
          projectedRows: [modelRow(streamId, i)],
        },
      });
    }
    const outcomes = await appendAll(calls);
    expect(outcomes.map((o) => o.status)).toEqual(calls.map(() => 'fulfilled'));
    const results = outcomes.map(fulfilled);
    // The opener alone, the twelve others in one transaction.
    expect(new Set(results.slice(1).map(transactionOf)).size).toBe(1);
    expect(transactionOf(results[1])).not.toBe(transactionOf(results[0]));

    const positions = results.slice(1).flatMap((r) => r.events.map((e) => e.position));
    expect(new Set(positions).size).toBe(positions.length);
    for (const [i, call] of calls.entries()) {
      const r = results[i];
      const first = call.options.expectedVersion + 1;
      expect(r.events.map((e) => e.version)).toEqual(call.events.map((_, k) => first + k));
      expect(r.events.map((e) => e.data)).toEqual(call.events.map((e) => e.data));
      expect(r.nextExpectedVersion).toBe(call.options.expectedVersion + call.events.length);
      expect(r.lastPosition).toBe(r.events.at(-1)!.position);
      for (let k = 1; k < r.events.length; k += 1) expect(r.events[k].position).toBeGreaterThan(r.events[k - 1].position);
      const read = await store.readStream(call.streamId);
      expect(read.slice(call.options.expectedVersion)).toEqual(r.events);
      if (call.options.metadata) expect(read.at(-1)!.metadata.actor).toEqual(call.options.metadata.actor);
      if (call.options.idempotencyKey) {
        expect(await store.findCommandResult(call.options.idempotencyKey)).toEqual({
          streamId: call.streamId,
          commandType: 'DoThing',
          requestFingerprint: call.options.requestFingerprint,
          result: call.options.result,
          lastPosition: r.lastPosition,
        });
        expect(read.at(-1)!.metadata.idempotencyKey).toBe(call.options.idempotencyKey);
      }
      if (call.options.projectedRows) {
        const row = call.options.projectedRows[0].row;
        const stored = await sql<Record<string, unknown>>`SELECT * FROM batch_model WHERE id = ${call.streamId}`.execute(db);
        expect(stored.rows).toEqual([
          { id: row.id, n: row.n, at: row.at, doc: JSON.parse(row.doc as string), last_position: String(r.lastPosition) },
        ]);
      }
    }
  });

  it('writes awkward values in a batch exactly as an append alone writes them: quotes, backslashes, newlines, scripts, bytes, big numbers', async () => {
    await sql`CREATE TABLE IF NOT EXISTS batch_odd (id text PRIMARY KEY, label text, doc jsonb, bytes bytea, amount numeric, ref uuid, flag boolean, at timestamptz, last_position bigint NOT NULL)`.execute(
      db,
    );
    const labels = [
      'plain',
      'it\'s "quoted"',
      'back\\slash \\" and \\\\',
      'line\nbreak\ttab\r',
      'देवनागरी ₹1,00,000 🙂',
      '{"looks":"like json"}',
      '',
      ' {a,b} ',
    ];
    const oddRow = (id: string, i: number) => ({
      projection: 'batch_odd',
      table: 'batch_odd',
      key: 'id',
      row: {
        id,
        label: labels[i % labels.length]!,
        doc: JSON.stringify({ text: labels[i % labels.length], nested: { list: [1, 'two', null], escaped: '\\u0041 "x"' } }),
        bytes: i % 3 === 0 ? null : Buffer.from([0, 1, 254, 255, i]),
        amount: i % 3 === 2 ? 12345678901234567890n : i % 2 ? '12345678901234567890.25' : 7,
        ref: randomUUID(),
        flag: i % 2 === 0,
        at: new Date(Date.UTC(2026, 11, 6, 10, 30, i, 125)),
        last_position: 0,
      },
      positionColumn: 'last_position',
    });
    const read = async (id: string) =>
      (await sql<Record<string, unknown>>`SELECT label, doc, bytes, amount, ref, flag, at FROM batch_odd WHERE id = ${id}`.execute(db))
        .rows;
    const calls: Call[] = [opener()];
    const alone: Call[] = [];
    for (let i = 0; i < labels.length * 2; i += 1) {
      const batched = stream(`odd-${i}`);
      const single = stream(`odd-alone-${i}`);
      const row = oddRow(batched, i);
      calls.push({
        streamId: batched,
        events: [{ type: 'Odd', data: { label: row.row.label } }],
        options: { expectedVersion: 0, projectedRows: [row] },
      });
      alone.push({
        streamId: single,
        events: [{ type: 'Odd', data: { label: row.row.label } }],
        options: { expectedVersion: 0, projectedRows: [{ ...row, row: { ...row.row, id: single } }] },
      });
    }
    const outcomes = await appendAll(calls);
    expect(outcomes.map((o) => o.status)).toEqual(calls.map(() => 'fulfilled'));
    // The opener alone, the others in one statement.
    expect(new Set(outcomes.slice(1).map((o) => transactionOf(fulfilled(o)))).size).toBe(1);
    for (const call of alone) await store.append(call.streamId, 'test', call.events, call.options);
    for (const [i, call] of alone.entries()) {
      const batched = calls[i + 1]!;
      const stored = await read(batched.streamId);
      expect(stored).toEqual(await read(call.streamId));
      expect(stored[0]!.label).toBe(labels[i % labels.length]);
      expect((await store.readStream(batched.streamId))[0]!.data).toEqual(batched.events[0]!.data);
    }
  });

  it('refuses an append whose stream is elsewhere alone, and commits the others of its batch', async () => {
    const taken = stream('taken');
    await store.append(taken, 'test', [happened(1)], { expectedVersion: 0 });
    const key = `key-${randomUUID()}`;
    const calls: Call[] = [
      opener(),
      { streamId: stream('a'), events: [happened(1)], options: { expectedVersion: 0 } },
      {
        streamId: taken,
        events: [happened(2), happened(3)],
        options: { expectedVersion: 0, idempotencyKey: key, projectedRows: [modelRow(taken, 7)] },
      },
      { streamId: stream('b'), events: [happened(1)], options: { expectedVersion: 0, idempotencyKey: `key-${randomUUID()}` } },
    ];
    const outcomes = await appendAll(calls);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(rejected(outcomes[2])).toBeInstanceOf(ConcurrencyError);
    expect(rejected(outcomes[2])).toMatchObject({ streamId: taken, expectedVersion: 0, actualVersion: 1 });
    // Its neighbours went in one statement all the same.
    expect(transactionOf(fulfilled(outcomes[1]))).toBe(transactionOf(fulfilled(outcomes[3])));
    expect((await store.readStream(taken)).map((e) => e.version)).toEqual([1]);
    expect(await store.findCommandResult(key)).toBeUndefined();
    expect((await sql`SELECT * FROM batch_model WHERE id = ${taken}`.execute(db)).rows).toEqual([]);
  });

  it('runs each append of a batch alone when the shared statement fails, so each gets its own outcome', async () => {
    // A key already stored makes the shared statement fail as a whole (23505 on command_results).
    const usedKey = `key-${randomUUID()}`;
    await store.append(stream('first-use'), 'test', [happened(1)], { expectedVersion: 0, idempotencyKey: usedKey });
    const calls: Call[] = [
      opener(),
      { streamId: stream('c'), events: [happened(1)], options: { expectedVersion: 0, projectedRows: [modelRow(stream('row-c'), 1)] } },
      {
        streamId: stream('reuse'),
        events: [happened(1)],
        options: { expectedVersion: 0, idempotencyKey: usedKey, projectedRows: [modelRow(stream('row-r'), 2)] },
      },
      {
        streamId: stream('d'),
        events: [happened(1), happened(2)],
        options: { expectedVersion: 0, projectedRows: [modelRow(stream('row-d'), 3)] },
      },
    ];
    const outcomes = await appendAll(calls);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(rejected(outcomes[2])).toBeInstanceOf(ConcurrencyError);
    // Run alone: each in its own transaction.
    expect(transactionOf(fulfilled(outcomes[1]))).not.toBe(transactionOf(fulfilled(outcomes[3])));
    expect(await store.readStream(calls[2].streamId)).toEqual([]);
    expect((await store.readStream(calls[3].streamId)).map((e) => e.version)).toEqual([1, 2]);
    const rows = await sql<{
      id: string;
      n: number;
    }>`SELECT id, n FROM batch_model WHERE id IN (${calls[1].options.projectedRows![0].row.id as string}, ${calls[2].options.projectedRows![0].row.id as string}, ${calls[3].options.projectedRows![0].row.id as string}) ORDER BY n`.execute(
      db,
    );
    expect(rows.rows.map((r) => r.n)).toEqual([1, 3]);
  });

  it('never lets text passed for a JSON column add a field or a row to the batch: that append fails as it would alone', async () => {
    const sneaked = stream('sneaked');
    // Valid JSON text for the column that, put into the batch's document as it is, would close its row and add rows
    // of other ids to every append of the batch (the column after `doc` is the row's `n`).
    const extra = [1, 2, 3].map((n) => `{"v1":"${sneaked}-${n}","v2":${n},"v3":null,"v4":{},"n":${n}}`).join(',');
    const forged = `{},"n":1},${extra},{"v1":"${sneaked}-4","v2":4,"v3":null,"v4":{}`;
    const good = stream('good');
    const bad = stream('bad');
    const calls: Call[] = [
      opener(),
      { streamId: good, events: [happened(1)], options: { expectedVersion: 0, projectedRows: [modelRow(good, 1)] } },
      {
        streamId: bad,
        events: [happened(2)],
        options: { expectedVersion: 0, projectedRows: [{ ...modelRow(bad, 2), row: { ...modelRow(bad, 2).row, doc: forged } }] },
      },
    ];
    const outcomes = await appendAll(calls);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(rejected(outcomes[2])).toMatchObject({ code: '22P02' });
    expect(await store.readStream(bad)).toEqual([]);
    const rows = await sql<{ id: string }>`SELECT id FROM batch_model WHERE id IN (${good}, ${bad}) OR id LIKE ${`${sneaked}%`}`.execute(
      db,
    );
    expect(rows.rows.map((r) => r.id)).toEqual([good]);
  });

  it('falls back when a writer in another process takes a version while the batch statement runs', async () => {
    const raced = stream('raced');
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`INSERT INTO events (stream_id, stream_type, version, type, data) VALUES ($1, 'test', 1, 'Raced', '{}')`, [
        raced,
      ]);
      const calls: Call[] = [
        opener(),
        { streamId: stream('e'), events: [happened(1)], options: { expectedVersion: 0 } },
        { streamId: raced, events: [happened(1)], options: { expectedVersion: 0, idempotencyKey: `key-${randomUUID()}` } },
        { streamId: stream('f'), events: [happened(1)], options: { expectedVersion: 0 } },
      ];
      const settled = appendAll(calls);
      await waitFor(async () => {
        const waiting = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
        return waiting.rows[0].n > 0;
      }, 'the batch to wait for the raced row');
      await blocker.query('COMMIT');
      const outcomes = await settled;
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect(rejected(outcomes[2])).toMatchObject({ streamId: raced, expectedVersion: 0, actualVersion: 1 });
      expect((await store.readStream(raced)).map((e) => e.type)).toEqual(['Raced']);
      for (const i of [1, 3]) expect((await store.readStream(calls[i].streamId)).map((e) => e.version)).toEqual([1]);
    } finally {
      await blocker.end();
    }
  });

  it('never puts one idempotency key twice in a statement: the first use wins, the repeat is refused as alone', async () => {
    const key = `key-${randomUUID()}`;
    const calls: Call[] = [
      opener(),
      { streamId: stream('g'), events: [happened(1)], options: { expectedVersion: 0, idempotencyKey: key, result: { first: true } } },
      { streamId: stream('h'), events: [happened(1)], options: { expectedVersion: 0 } },
      { streamId: stream('i'), events: [happened(1)], options: { expectedVersion: 0, idempotencyKey: key, result: { first: false } } },
    ];
    const outcomes = await appendAll(calls);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(rejected(outcomes[3])).toBeInstanceOf(ConcurrencyError);
    expect(transactionOf(fulfilled(outcomes[1]))).toBe(transactionOf(fulfilled(outcomes[2])));
    expect(await store.findCommandResult(key)).toMatchObject({ streamId: calls[1].streamId, result: { first: true } });
    expect(await store.readStream(calls[3].streamId)).toEqual([]);
  });

  it('never puts two appends to one stream in a statement: they keep their order', async () => {
    const id = stream('same');
    const calls: Call[] = [
      opener(),
      { streamId: id, events: [happened(1)], options: { expectedVersion: 0 } },
      { streamId: stream('j'), events: [happened(1)], options: { expectedVersion: 0 } },
      { streamId: id, events: [happened(2)], options: { expectedVersion: 1 } },
    ];
    const outcomes = await appendAll(calls);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(transactionOf(fulfilled(outcomes[1]))).not.toBe(transactionOf(fulfilled(outcomes[3])));
    expect((await store.readStream(id)).map((e) => e.data.n)).toEqual([1, 2]);
  });

  it('does not hold back other appends behind a statement that waits for a lock', async () => {
    const stalling = new PostgresEventStore(db, undefined, { batching: { inFlight: 1, stalledAfterMs: 20 } });
    const locked = stream('locked');
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`INSERT INTO events (stream_id, stream_type, version, type, data) VALUES ($1, 'test', 1, 'Raced', '{}')`, [
        locked,
      ]);
      const stuck = stalling.append(locked, 'test', [happened(1)], { expectedVersion: 0 });
      await waitFor(async () => {
        const waiting = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
        return waiting.rows[0].n > 0;
      }, 'the append to wait for the locked row');
      await new Promise((resolve) => setTimeout(resolve, 40));
      // The only statement slot is taken by the waiting append, which is stalled by now: this one goes all the same.
      const free = await stalling.append(stream('free'), 'test', [happened(1)], { expectedVersion: 0 });
      expect(free.events.map((e) => e.version)).toEqual([1]);
      await blocker.query('COMMIT');
      await expect(stuck).rejects.toMatchObject({ streamId: locked, expectedVersion: 0, actualVersion: 1 });
    } finally {
      await blocker.end();
    }
  });
});
