import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { describeWithRedis } from '../../../test/support/describe-with-redis.js';
import { deleteRedisKeys } from '../../../test/support/redis.js';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database.js';
import { createQueueBackend, redisAnswers, type QueueBackend } from './queue-backend.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('queues');
});

afterAll(async () => {
  await database?.drop();
});

async function roundTrip(backend: QueueBackend): Promise<string[]> {
  const done: string[] = [];
  let failedOnce = false;
  backend.worker('roundtrip', async (job) => {
    // The first attempt of "flaky" fails: BullMQ retries it, on either backend.
    if (job.data.name === 'flaky' && !failedOnce) {
      failedOnce = true;
      throw new Error('transient');
    }
    done.push(String(job.data.name));
  });
  await backend.add('roundtrip', 'say', { name: 'one' }, { jobId: 'fixed-id' });
  await backend.add('roundtrip', 'say', { name: 'one-again' }, { jobId: 'fixed-id' });
  await backend.add('roundtrip', 'say', { name: 'flaky' }, { attempts: 3, backoff: { type: 'fixed', delay: 50 } });
  const deadline = Date.now() + 20_000;
  while (done.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return done.sort();
}

describeWithRedis('queue backends run the same jobs: Redis', () => {
  it('Redis: a job id is enqueued once, a failed job is retried', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    expect(await redisAnswers(url)).toBe(true);
    const prefix = `t${randomBytes(3).toString('hex')}`;
    const backend = await createQueueBackend({ redisUrl: url, databaseUrl: database.url, prefix });
    try {
      expect(backend.kind).toBe('redis');
      expect(await roundTrip(backend)).toEqual(['flaky', 'one']);
    } finally {
      await backend.close();
      await deleteRedisKeys(`${prefix}:*`);
    }
  });
});

describe('queue backends run the same jobs', () => {
  it('PostgreSQL (no Redis): the same', async () => {
    const backend = await createQueueBackend({
      databaseUrl: database.url,
      choice: 'postgres',
      prefix: `t${randomBytes(3).toString('hex')}`,
    });
    try {
      expect(backend.kind).toBe('postgres');
      expect(await roundTrip(backend)).toEqual(['flaky', 'one']);
    } finally {
      await backend.close();
    }
  });

  it('says in one sentence when the named Redis does not answer', async () => {
    await expect(createQueueBackend({ redisUrl: 'redis://127.0.0.1:1', databaseUrl: database.url })).rejects.toThrow(
      /^Cannot reach Redis at redis:\/\/127\.0\.0\.1:1/,
    );
    expect(await redisAnswers('redis://127.0.0.1:1')).toBe(false);
  });
});
