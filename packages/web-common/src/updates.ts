// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- env.d.ts declares ambient globals, not a module
/// <reference path="./env.d.ts" />
/**
 * New-build detection (spec §4 "App updates"): each app's build writes `version.json` beside its index.html
 * (vite/build-version.ts) and bakes the same id into the bundle; open pages poll it. Once a newer build is out,
 * the next route change reloads, and a failed chunk load reloads once (the guard remembers 10 000 ms, spec §9).
 */
import { browser } from './browser';

export const RELOAD_GUARD_MS = 10_000;
export const POLL_INTERVAL_MS = 60_000;
const GUARD_KEY = 'lending:last-build-reload';

let newerBuild: string | null = null;

export function currentBuild(): string {
  return __BUILD_ID__;
}

/** Where this app's build writes its version file: beside index.html, under the app's base (/ or /Admin/). */
export const versionUrl = (): string => `${import.meta.env.BASE_URL}version.json`;

export function isNewerBuildAvailable(): boolean {
  return newerBuild !== null;
}

/** Fetches version.json past the HTTP cache; true once a build other than this one is being served. */
export async function checkForNewBuild(): Promise<boolean> {
  try {
    const res = await fetch(versionUrl(), { cache: 'no-store' });
    if (res.ok && (res.headers.get('content-type') ?? '').includes('json')) {
      const { version } = (await res.json()) as { version?: unknown };
      if (typeof version === 'string' && version !== currentBuild()) {
        newerBuild = version;
        // Visible to support staff in the inspector (and to the browser tests): this page will reload on its next move.
        document.documentElement.dataset.newerBuild = version;
      }
    }
  } catch {
    // Offline or the server is restarting: try again on the next tick.
  }
  return newerBuild !== null;
}

/** Reloads unless this tab already reloaded for a new build within the guard window; answers whether it did. */
export function reloadOnce(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(GUARD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(GUARD_KEY, String(now));
  browser.reload();
  return true;
}

const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** A chunk failed to load: if a newer build replaced this one, reload once; answers whether it reloads. */
export async function recoverFromChunkError(error: unknown): Promise<boolean> {
  if (!isChunkLoadError(error)) return false;
  if (!(await checkForNewBuild())) return false;
  return reloadOnce();
}

/** A lazy page's import (`lazy(() => withChunkRecovery(import('./Page')))`): if its chunk is gone after a deploy, reload once into the new build. */
export function withChunkRecovery<T>(loading: Promise<T>): Promise<T> {
  return loading.catch(async (error: unknown) => {
    await recoverFromChunkError(error);
    throw error;
  });
}

/** Polls while the page is open, and checks again whenever the tab comes back to the front. */
export function watchForNewBuilds(intervalMs = POLL_INTERVAL_MS): () => void {
  const timer = window.setInterval(() => void checkForNewBuild(), intervalMs);
  const onVisible = () => document.visibilityState === 'visible' && void checkForNewBuild();
  const onPreloadError = (event: Event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    void recoverFromChunkError(error ?? new Error('Unable to preload CSS'));
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}

/** Test seam: forget what was seen. */
export function resetBuildWatcher(): void {
  newerBuild = null;
  delete document.documentElement.dataset.newerBuild;
}
