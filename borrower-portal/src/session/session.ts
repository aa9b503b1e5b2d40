import { apiHeaders, setUnauthorizedHandler, type Problem } from '../api/client';
import { browser } from '../shell/browser';
import { notifySessionChanged } from './auth-state';
import { clearBrowserSession, getDeviceId, getToken, storeToken } from './storage';

/** The alert of spec §4 when another device signs in to the same account. */
export const SOMEONE_ELSE_LOGGED_IN = 'Someone else logged in!';

export type SignedIn = { token: string; deviceId?: string; user: { _id: string; name: string; email: string } };

type Navigate = (to: string) => void | Promise<void>;
let navigate: Navigate = (to) => browser.assign(to);
/** The router's navigate, registered by the shell, so session changes move without a full reload. */
export function setNavigate(fn: Navigate): void {
  navigate = fn;
}

/** Clears the HttpOnly `token` cookie (the server's); without a valid token the server only clears the cookie. */
async function serverLogout(headers: Record<string, string>): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin', headers }).catch(() => undefined);
}

export function completeSignIn(answer: SignedIn): void {
  storeToken(answer.token);
  notifySessionChanged();
}

/**
 * The borrower signs out: this page forgets the token first (so the session's end, announced over the socket and
 * in 401s, is not taken for a lost session), the session ends on the server, and a fresh load of the home page
 * drops everything the page held in memory. The device id stays.
 */
export async function signOut(): Promise<void> {
  const headers = apiHeaders();
  localStorage.removeItem('token');
  document.cookie = 'token=; Max-Age=0; Path=/';
  await serverLogout(headers);
  browser.assign('/');
}

let takenOver = false;
/** Another device signed in (socket `device-changed` or a 401 `session-superseded`): alert, clear everything, go home. */
export async function handleDeviceChanged(): Promise<void> {
  if (takenOver) return;
  takenOver = true;
  browser.alert(SOMEONE_ELSE_LOGGED_IN);
  await serverLogout({ 'X-Device-Id': getDeviceId() });
  clearBrowserSession();
  notifySessionChanged();
  browser.assign('/');
}

/** Staff marked this device `devicereload`: a fresh token for this session, stored, then a reload. */
export async function handleDeviceReload(): Promise<void> {
  const res = await fetch('/api/token/regenerate', { method: 'POST', credentials: 'same-origin', headers: apiHeaders() });
  if (!res.ok) {
    await handleUnauthorized({ type: 'unauthenticated', status: res.status }, '/token/regenerate');
    return;
  }
  const { token } = (await res.json()) as { token: string };
  storeToken(token);
  browser.reload();
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
