import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import {
  checkForNewBuild,
  currentBuild,
  withChunkRecovery,
  isNewerBuildAvailable,
  recoverFromChunkError,
  reloadOnce,
  RELOAD_GUARD_MS,
  resetBuildWatcher,
} from './updates';

const version = (v: string) => new Response(JSON.stringify({ version: v }), { headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  resetBuildWatcher();
  sessionStorage.clear();
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('new-build detection', () => {
  it('sees no update while /version.json names this build', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(version(currentBuild()));
    expect(await checkForNewBuild()).toBe(false);
    expect(isNewerBuildAvailable()).toBe(false);
  });

  it('notices a newer build, and asks past the HTTP cache', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(version('next-build'));
    expect(await checkForNewBuild()).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith(`${import.meta.env.BASE_URL}version.json`, { cache: 'no-store' });
  });

  it('ignores an answer that is not the version file (the dev server answers index.html)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }));
    expect(await checkForNewBuild()).toBe(false);
  });
});

describe('the reload guard', () => {
  it('reloads once within 10000 ms', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(reloadOnce(1_000_000)).toBe(true);
    expect(reloadOnce(1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce(1_000_000 + RELOAD_GUARD_MS)).toBe(true);
  });
});

describe('a failed chunk load', () => {
  const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/Dashboard-abc.js');

  it('reloads when a newer build is out', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(version('next-build'));
    expect(await recoverFromChunkError(chunkError)).toBe(true);
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(await recoverFromChunkError(chunkError)).toBe(false);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload while this build is still the current one', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(version(currentBuild()));
    expect(await recoverFromChunkError(chunkError)).toBe(false);
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('leaves other errors alone', async () => {
    expect(await recoverFromChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

describe('a lazy page whose chunk is gone', () => {
  it('reloads once into the newer build and still reports the failure', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(version('next-build'));
    const failing = withChunkRecovery(
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /Admin/assets/LoanPage-1.js')),
    );
    await expect(failing).rejects.toThrow('dynamically imported module');
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it('passes a loaded module through untouched', async () => {
    await expect(withChunkRecovery(Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
    expect(browser.reload).not.toHaveBeenCalled();
  });
});
