import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ConcurrencyError } from './event-store.errors.js';
import { START_OF_LOG, type EventStore } from './event-store.port.js';

/**
 * The behaviour every EventStore adapter must show. The Postgres adapter runs it in
 * postgres-event-store.int-spec.ts; another adapter (EventStoreDB) would run the same suite.
 */
export function eventStoreContract(name: string, store: () => EventStore): void {
  const stream = () => `contract-${randomUUID()}`;
  const event = (n: number) => ({ type: 'ThingHappened', data: { n } });

  describe(`${name}: the EventStore contract`, () => {
    it('appends to a new stream at expected version 0 and reads it back in order', async () => {
      const id = stream();
      const result = await store().append(id, 'contract', [event(1), event(2)], {
        expectedVersion: 0,
        metadata: { actor: { id: 'u1', role: 'staff' } },
      });
      expect(result.nextExpectedVersion).toBe(2);
      expect(result.events.map((e) => e.version)).toEqual([1, 2]);
      expect(result.events[1].position).toBeGreaterThan(result.events[0].position);
      const read = await store().readStream(id);
      expect(read.map((e) => [e.version, e.type, e.data.n])).toEqual([
        [1, 'ThingHappened', 1],
        [2, 'ThingHappened', 2],
      ]);
      expect(read[0].metadata.actor).toEqual({ id: 'u1', role: 'staff' });
      expect(read[0].recordedAt).toBeInstanceOf(Date);
      // What the append answers is what a reader gets back: positions, times (to the millisecond), transaction, data.
      expect(result.events).toEqual(read);
    });

    it('refuses a stale or future expected version with a typed error and appends nothing', async () => {
      const id = stream();
      await store().append(id, 'contract', [event(1)], { expectedVersion: 0 });
      await expect(store().append(id, 'contract', [event(2)], { expectedVersion: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store().append(id, 'contract', [event(2)], { expectedVersion: 5 })).rejects.toMatchObject({
        expectedVersion: 5,
        actualVersion: 1,
      });
      await expect(store().append(id, 'contract', [event(2), event(3)], { expectedVersion: 2 })).rejects.toMatchObject({
        expectedVersion: 2,
        actualVersion: 1,
      });
      await expect(store().append(stream(), 'contract', [event(1)], { expectedVersion: 1 })).rejects.toMatchObject({
        expectedVersion: 1,
        actualVersion: 0,
      });
      expect(await store().readStream(id)).toHaveLength(1);
      // A refused key stays unused: nothing of the failed append was kept.
      const key = `key-${randomUUID()}`;
      await expect(store().append(id, 'contract', [event(2)], { expectedVersion: 0, idempotencyKey: key })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      expect(await store().findCommandResult(key)).toBeUndefined();
    });

    it('appends several events at once with consecutive versions and rising positions', async () => {
      const id = stream();
      await store().append(id, 'contract', [event(1)], { expectedVersion: 0 });
      const result = await store().append(id, 'contract', [event(2), event(3), event(4)], {
        expectedVersion: 1,
        metadata: { commandId: 'c1' },
      });
      expect(result.events.map((e) => [e.version, e.data.n, e.metadata.commandId])).toEqual([
        [2, 2, 'c1'],
        [3, 3, 'c1'],
        [4, 4, 'c1'],
      ]);
      expect(result.lastPosition).toBe(result.events[2].position);
      expect(result.events[2].position).toBeGreaterThan(result.events[1].position);
      expect(result.events[1].position).toBeGreaterThan(result.events[0].position);
      expect((await store().readStream(id)).map((e) => [e.version, e.position])).toEqual([
        [1, expect.any(Number)],
        ...result.events.map((e) => [e.version, e.position]),
      ]);
    });

    it('lets exactly one of eight concurrent appends at the same expected version win, with or without a key', async () => {
      for (let round = 0; round < 5; round += 1) {
        const id = stream();
        await store().append(id, 'contract', [event(0)], { expectedVersion: 0 });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) =>
            store().append(id, 'contract', [event(i), event(i + 100)], {
              expectedVersion: 1,
              ...(i % 2 ? { idempotencyKey: `key-${randomUUID()}` } : {}),
            }),
          ),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(ConcurrencyError);
        expect((await store().readStream(id)).map((e) => e.version)).toEqual([1, 2, 3]);
      }
    });

    it('lets exactly one of two concurrent appends at the same expected version win', async () => {
      for (let round = 0; round < 10; round += 1) {
        const id = stream();
        await store().append(id, 'contract', [event(0)], { expectedVersion: 0 });
        const outcomes = await Promise.allSettled([
          store().append(id, 'contract', [event(1)], { expectedVersion: 1 }),
          store().append(id, 'contract', [event(2)], { expectedVersion: 1 }),
        ]);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const loser = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
        expect(loser.reason).toBeInstanceOf(ConcurrencyError);
        expect(await store().readStream(id)).toHaveLength(2);
      }
    });

    it('stores the result of an idempotent command with its events', async () => {
      const id = stream();
      const key = `key-${randomUUID()}`;
      const appended = await store().append(id, 'contract', [event(1), event(2)], {
        expectedVersion: 0,
        idempotencyKey: key,
        commandType: 'DoThing',
        requestFingerprint: 'f1',
        result: { answer: 42, nested: { ok: true } },
      });
      const stored = await store().findCommandResult(key);
      expect(stored).toEqual({
        streamId: id,
        commandType: 'DoThing',
        requestFingerprint: 'f1',
        result: { answer: 42, nested: { ok: true } },
        lastPosition: appended.lastPosition,
      });
      // The key is unique: a second append that claims it loses as a concurrent writer and appends nothing.
      const other = stream();
      await expect(store().append(other, 'contract', [event(1)], { expectedVersion: 0, idempotencyKey: key })).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      expect(await store().readStream(other)).toEqual([]);
      // A repeat on the same stream at the version it first saw is refused as well, and leaves the first result alone.
      await expect(
        store().append(id, 'contract', [event(3)], { expectedVersion: 2, idempotencyKey: key, result: { answer: 0 } }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store().readStream(id)).toHaveLength(2);
      expect((await store().findCommandResult(key))?.result).toEqual({ answer: 42, nested: { ok: true } });
      expect(await store().findCommandResult(`missing-${randomUUID()}`)).toBeUndefined();
    });

    it('appends to several streams at once, each checked at its own version: a stale one is refused alone', async () => {
      const [a, b, c] = [stream(), stream(), stream()];
      await store().append(b, 'contract', [event(1)], { expectedVersion: 0 });
      await store().append(c, 'contract', [event(1), event(2)], { expectedVersion: 0 });
      const outcomes = await store().appendBatch([
        { streamId: a, streamType: 'contract', events: [event(1), event(2)], options: { expectedVersion: 0 } },
        { streamId: b, streamType: 'contract', events: [event(2)], options: { expectedVersion: 1, metadata: { commandId: 'c2' } } },
        { streamId: c, streamType: 'contract', events: [event(3)], options: { expectedVersion: 1 } },
      ]);
      expect(outcomes[0]).toMatchObject({ streamId: a, nextExpectedVersion: 2 });
      expect(outcomes[1]).toMatchObject({ streamId: b, nextExpectedVersion: 2 });
      expect(outcomes[2]).toBeInstanceOf(ConcurrencyError);
      expect(outcomes[2]).toMatchObject({ expectedVersion: 1, actualVersion: 2 });
      expect((await store().readStream(a)).map((e) => [e.version, e.data.n])).toEqual([
        [1, 1],
        [2, 2],
      ]);
      const read = await store().readStream(b);
      expect(read.map((e) => [e.version, e.data.n, e.metadata.commandId])).toEqual([
        [1, 1, undefined],
        [2, 2, 'c2'],
      ]);
      expect((await store().readStream(c)).map((e) => e.data.n)).toEqual([1, 2]);
      expect(await store().appendBatch([])).toEqual([]);
    });

    it('reads a stream as of a moment', async () => {
      const id = stream();
      const first = await store().append(id, 'contract', [event(1)], { expectedVersion: 0 });
      await new Promise((r) => setTimeout(r, 20));
      await store().append(id, 'contract', [event(2)], { expectedVersion: 1 });
      const asOf = new Date(first.events[0].recordedAt.getTime() + 5);
      expect((await store().readStream(id, { until: asOf })).map((e) => e.version)).toEqual([1]);
    });

    it('reads the global log in batches after a checkpoint, every event exactly once', async () => {
      const ids = [stream(), stream()];
      await store().append(ids[0], 'contract', [event(1), event(2)], { expectedVersion: 0 });
      await store().append(ids[1], 'contract', [event(3)], { expectedVersion: 0 });
      const seen: string[] = [];
      let after = START_OF_LOG;
      const mine = [`${ids[0]}#1`, `${ids[0]}#2`, `${ids[1]}#1`];
      // A gap-safe reader may hand out a just-committed event a moment later (while an older transaction on the
      // server is still open), so keep reading until ours have come, as a subscriber would.
      const deadline = Date.now() + 60_000;
      while (!mine.every((m) => seen.includes(m)) && Date.now() < deadline) {
        const batch = await store().readAll(after, 2);
        if (batch.length === 0) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        expect(batch.length).toBeLessThanOrEqual(2);
        for (const e of batch) seen.push(`${e.streamId}#${e.version}`);
        const last = batch[batch.length - 1];
        after = { transactionId: last.transactionId, position: last.position };
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expect.arrayContaining([`${ids[0]}#1`, `${ids[0]}#2`, `${ids[1]}#1`]));
      expect(seen.indexOf(`${ids[0]}#1`)).toBeLessThan(seen.indexOf(`${ids[0]}#2`));
    });
  });
}
