import { Redis } from 'ioredis';

/**
 * Why this run has no Redis (set by the test-services resolver, test-services.ts), or undefined when it has one.
 * Without Redis the queues run on BullMQ's PostgreSQL backend.
 */
export function noRedisReason(): string | undefined {
  return process.env.TEST_NO_REDIS || undefined;
}

/** The test's BullMQ keys, so repeated runs leave Redis as they found it (nothing to do in a run without Redis). */
export async function deleteRedisKeys(pattern: string): Promise<void> {
  if (noRedisReason()) return;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
