import { spawnSync } from 'node:child_process';
import { describe } from '@jest/globals';
import { Redis } from 'ioredis';

/**
 * Why this run has no Redis (set by the test-services resolver, test-services.ts), or undefined when it has one.
 * Without Redis the queues run on BullMQ's PostgreSQL backend.
 */
export function noRedisReason(): string | undefined {
  return process.env.TEST_NO_REDIS || undefined;
}

/**
 * `describe` for tests that need Redis itself (its outage, keys shared by two event logs, the socket adapter across
 * processes): skipped, never passed, when the run has no Redis (or lacks `command`, e.g. a redis-server of the test's
 * own). The reason is in the block's name, so the runner's summary can list it, and on stderr.
 */
export function describeWithRedis(name: string, fn: () => void, options: { command?: string } = {}): void {
  const reason = noRedisReason() ?? (options.command && !commandExists(options.command) ? `${options.command} is not installed` : undefined);
  if (!reason) {
    describe(name, fn);
    return;
  }
  process.stderr.write(`Skipping "${name}": it needs Redis itself; ${reason}.\n`);
  describe.skip(`${name} (skipped: ${reason})`, fn);
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;
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
