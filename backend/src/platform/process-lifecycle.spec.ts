import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ConfigError } from './config/config.js';
import { startFailureSentence, startOrExitWithOneSentence } from './process-lifecycle.js';

afterEach(() => {
  jest.restoreAllMocks();
});

function watchExit() {
  const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
  const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return { exit, printed };
}

describe('a failed start is one sentence, never a stack trace', () => {
  it('keeps sentences that are already for the operator, prefixes the rest, on one line', () => {
    expect(startFailureSentence('the API', new ConfigError('Cannot start: PORT is invalid.'))).toBe('Cannot start: PORT is invalid.');
    expect(startFailureSentence('the API', new Error('Cannot reach Redis at redis://x; check REDIS_URL.'))).toBe(
      'Cannot reach Redis at redis://x; check REDIS_URL.',
    );
    expect(startFailureSentence('the worker', new Error('initdb failed\n  at spawn (node:child_process)'))).toBe(
      'Cannot start the worker: initdb failed at spawn (node:child_process)',
    );
    expect(startFailureSentence('the API', undefined)).toBe('Cannot start the API: no reason given');
  });

  it('turns a rejected start into one sentence and exit code 1', async () => {
    const { exit, printed } = watchExit();
    await startOrExitWithOneSentence('the API', async () => {
      throw new Error('boom');
    });
    expect(printed).toHaveBeenCalledWith('Cannot start the API: boom');
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('also catches what a library throws from a callback while starting (uncaught exception, unhandled rejection)', async () => {
    const before = { exceptions: process.listenerCount('uncaughtException'), rejections: process.listenerCount('unhandledRejection') };
    const { exit, printed } = watchExit();
    let finish!: () => void;
    const starting = startOrExitWithOneSentence(
      'the API',
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const last = (listeners: readonly unknown[]) => listeners[listeners.length - 1] as (error: unknown) => void;
    const listeners = (event: 'uncaughtException' | 'unhandledRejection') =>
      last(event === 'uncaughtException' ? process.listeners('uncaughtException') : process.listeners('unhandledRejection'));
    // What Node does with an 'error' event nobody listens to (a failed spawn) and with a forgotten promise.
    listeners('uncaughtException')(Object.assign(new Error('spawn /root/x/initdb EACCES'), { code: 'EACCES' }));
    listeners('unhandledRejection')(new Error('Connection terminated unexpectedly'));
    expect(printed.mock.calls).toEqual([
      ['Cannot start the API: spawn /root/x/initdb EACCES'],
      ['Cannot start the API: Connection terminated unexpectedly'],
    ]);
    expect(exit).toHaveBeenCalledWith(1);
    finish();
    await starting;
    // Once started, Node's own handling applies again.
    expect(process.listenerCount('uncaughtException')).toBe(before.exceptions);
    expect(process.listenerCount('unhandledRejection')).toBe(before.rejections);
  });
});
