import { browser } from '@lending/web-common/browser';
import { apiHeaders, setUnauthorizedHandler, type Problem } from '@lending/web-common/http';
import { handleDeviceChanged as takeOver, handleDeviceReload as reloadDevice, SOMEONE_ELSE_LOGGED_IN } from '@lending/web-common/presence';
import { forgetToken, getToken, storeToken } from '@lending/web-common/session';
import type { SignedIn } from '@lending/web-common/api';
import { unregisterPush } from '../push/push-registration';
import { notifySessionChanged } from './auth-state';

/** The portal's side of the session behaviours of spec §4; the behaviours themselves are web-common's presence client. */
export { SOMEONE_ELSE_LOGGED_IN };
export type { SignedIn };

type Navigate = (to: string) => void | Promise<void>;
let navigate: Navigate = (to) => browser.assign(to);
/** The router's navigate, registered by the shell, so session changes move without a full reload. */
export function setNavigate(fn: Navigate): void {
  navigate = fn;
}

export function completeSignIn(answer: { token: string }): void {
  storeToken(answer.token);
  notifySessionChanged();
}

/**
 * The borrower signs out: this page forgets the token first (so the session's end, announced over the socket and
 * in 401s, is not taken for a lost session), the session ends on the server, and a fresh load of the home page
 * drops everything the page held in memory. The device id stays; the push registration goes.
 */
export async function signOut(): Promise<void> {
  // This device's push registration goes first, while the session can still remove it (spec §3: DELETE at sign-out).
  await unregisterPush();
  const headers = apiHeaders();
  forgetToken();
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin', headers }).catch(() => undefined);
  browser.assign('/');
}

/** Another device signed in (socket `device-changed` or a 401 `session-superseded`): alert, clear everything, go home. */
export function handleDeviceChanged(): Promise<void> {
  return takeOver('/', notifySessionChanged);
}

/** Staff marked this device `devicereload`: a fresh token for this session, stored, then a reload. */
export function handleDeviceReload(): Promise<void> {
  return reloadDevice((problem) => handleUnauthorized(problem, '/token/regenerate'));
}

/** Any other lost session: forget the token and sign in again, coming back here afterwards. */
export async function handleUnauthorized(problem: Problem, _path: string): Promise<void> {
  if (problem.type === 'session-superseded') return handleDeviceChanged();
  if (!getToken()) return;
  localStorage.removeItem('token');
  notifySessionChanged();
  const here = window.location.pathname + window.location.search;
  await navigate(here.startsWith('/Auth/') ? '/Auth/Login' : `/Auth/Login?returnTo=${encodeURIComponent(here)}`);
}

setUnauthorizedHandler((problem, path) => void handleUnauthorized(problem, path));
