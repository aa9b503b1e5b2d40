import { afterEach, describe, expect, it } from '@jest/globals';
import { startTestApp, type TestApp } from '../../test/support/test-app.js';
import { PlatformRegistry } from './registry.js';
import { WorkerHost } from './worker-host.js';

let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the worker host', () => {
  it('serves the declared queues, or only those named in WORKER_QUEUES', async () => {
    t = await startTestApp('workerhost');
    expect(await t.app.get(WorkerHost).start({ queues: ['notifications'] })).toEqual(['notifications']);
  });

  it('refuses a queue that nothing in this build processes, in one sentence', async () => {
    t = await startTestApp('workerhost');
    await expect(t.app.get(WorkerHost).start({ queues: ['notifications', 'fax'] })).rejects.toThrow(
      /^Cannot start the worker: no processor serves the queue\(s\) fax\.$/,
    );
  });

  it('refuses to start when a subscription enqueues a job that has no processor', async () => {
    t = await startTestApp('workerhost');
    t.app
      .get(PlatformRegistry)
      .addSubscription({ name: 'orphan', eventTypes: [], produces: [{ queue: 'sms', name: 'sms.send' }], handle: async () => undefined });
    await expect(t.app.get(WorkerHost).start()).rejects.toThrow(
      'Cannot start the worker: no processor for the job(s) sms.send on queue sms.',
    );
  });
});
