import { expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { describeWithRedis } from '../../../test/support/describe-with-redis.js';
import { withQuietPublish } from './quiet-publish.js';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Jest fails the running test on an unhandled rejection: that is how CI saw the presence test fail when a second API
 * process shut down while the first asked it for its sockets. With a plain client the fire-and-forget publish below
 * fails this test with "Connection is closed."; with the quiet client it passes.
 */
describeWithRedis('a publish nobody awaits, on a client that has quit (the presence adapter)', () => {
  it('is dropped, while a caller that awaits its publish still sees the failure', async () => {
    const client = withQuietPublish(new Redis(url, { maxRetriesPerRequest: null }));
    client.on('error', () => undefined);
    expect(await client.publish('quiet-publish-test', 'before')).toBe(0);
    await client.quit();
    void client.publish('quiet-publish-test', 'nobody waits');
    await new Promise((r) => setTimeout(r, 100));
    await expect(client.publish('quiet-publish-test', 'awaited')).rejects.toThrow('Connection is closed');
  });
});
