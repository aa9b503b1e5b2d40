import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { waitFor as until } from '../../../test/support/wait-for.js';
import type { Db } from '../database/database.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { loadCheckpoint } from './checkpoint-store.js';
import type { Subscription } from './subscription.js';
import { SubscriptionRunner } from './subscription-runner.js';

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let db: Db;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createMigratedTestDatabase('subscriptions');
  db = database.db;
  store = new PostgresEventStore(db);
});

afterAll(async () => {
  await database?.close();
});

function recorder(name: string): Subscription & { seen: RecordedEvent[] } {
  const seen: RecordedEvent[] = [];
  return { name, eventTypes: ['Counted'], seen, handle: async (events) => void seen.push(...events) };
}

describe('durable subscriptions', () => {
  it('hand each event of their types over once and resume from the checkpoint after a restart', async () => {
    for (let i = 0; i < 5; i += 1)
      await store.append(
        `count-${i}`,
        'test',
        [
          { type: 'Counted', data: { i } },
          { type: 'Ignored', data: {} },
        ],
        { expectedVersion: 0 },
      );
    const first = recorder('resume-test');
    const firstRunner = new SubscriptionRunner(db, store, database.url, [first], { batchSize: 3 });
    await until(async () => (await firstRunner.catchUp(), first.seen.length >= 5), 'the first five events');
    expect(first.seen.map((e) => e.data.i)).toEqual([0, 1, 2, 3, 4]);
    const checkpoint = await loadCheckpoint(db, 'resume-test');
    expect(checkpoint.position).toBeGreaterThan(0);

    for (let i = 5; i < 8; i += 1) await store.append(`count-${i}`, 'test', [{ type: 'Counted', data: { i } }], { expectedVersion: 0 });
    // A new runner (a restarted process) starts from the stored checkpoint, not from the beginning.
    const restarted = recorder('resume-test');
    const restartedRunner = new SubscriptionRunner(db, store, database.url, [restarted]);
    await until(async () => (await restartedRunner.catchUp(), restarted.seen.length >= 3), 'the three new events');
    expect(restarted.seen.map((e) => e.data.i)).toEqual([5, 6, 7]);
  });

  it('wake on NOTIFY when running and stop cleanly', async () => {
    const live = recorder('live-test');
    const runner = new SubscriptionRunner(db, store, database.url, [live], { pollMs: 60_000 });
    await runner.start();
    try {
      await until(() => live.seen.length >= 8, 'the backlog');
      await store.append('count-live', 'test', [{ type: 'Counted', data: { i: 'live' } }], { expectedVersion: 0 });
      // pollMs is a minute: only the notification can deliver this in time.
      await until(() => live.seen.some((e) => e.data.i === 'live'), 'the notified event');
    } finally {
      await runner.stop();
    }
  });

  it('let only one of two runners read a subscription at a time', async () => {
    const a = recorder('exclusive-test');
    const b = recorder('exclusive-test');
    const runnerA = new SubscriptionRunner(db, store, database.url, [a], { pollMs: 50 });
    const runnerB = new SubscriptionRunner(db, store, database.url, [b], { pollMs: 50 });
    await runnerA.start();
    await runnerB.start();
    try {
      for (let i = 0; i < 5; i += 1)
        await store.append(`exclusive-${i}`, 'test', [{ type: 'Counted', data: { i } }], { expectedVersion: 0 });
      await until(() => a.seen.length + b.seen.length >= 14, 'both backlogs');
      await new Promise((r) => setTimeout(r, 200));
      const positions = [...a.seen, ...b.seen].map((e) => e.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect(Math.min(a.seen.length, b.seen.length)).toBe(0);
    } finally {
      await runnerA.stop();
      await runnerB.stop();
    }
  });
});
