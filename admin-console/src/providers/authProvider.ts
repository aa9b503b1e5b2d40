import { type AuthProvider, HttpError } from 'react-admin';
import { canAccess } from '../permissions/canAccess';
import { API_URL, asHttpError, httpClient, problemType } from './http';
import type { SignedIn } from '@lending/web-common/api';
import { clearBrowserSession, forgetToken, getDeviceId, getToken, storeToken } from '@lending/web-common/session';
import { queryClient } from './queryClient';
import { forgetSignedOutNotice, setSignedOutNotice } from './session';
import { parseSignedInUser, permissionsOf, type SignedInUser } from './signed-in-user';
import { takeStartedIdentity } from './startup-requests';

export const SUPERSEDED_MESSAGE = 'Someone else logged in!';
export const EXPIRED_MESSAGE = 'Your session has ended. Please sign in again.';

let identity: Promise<SignedInUser> | null = null;
/** The answer `identity` resolved to, while it is this sign-in's (knownAccess). */
let knownUser: SignedInUser | undefined;

/**
 * What the login page says after a 401: the spec's sentence when another device took the session over, the
 * server's own sentence for an ended session (signed out elsewhere, password reset, account disabled), else expiry.
 */
export function signedOutMessage(type: string | undefined, serverMessage: string | undefined): string {
  if (type === 'session-superseded') return SUPERSEDED_MESSAGE;
  if ((type === 'session-revoked' || type === 'account-disabled' || type === 'device-mismatch') && serverMessage) return serverMessage;
  return EXPIRED_MESSAGE;
}

/** The signed-in staff user (GET /api/users/admin), fetched once per sign-in (at load: by the entry chunk). */
export function signedInUser(): Promise<SignedInUser> {
  if (identity) return identity;
  const asked: Promise<SignedInUser> = (identity = (
    takeStartedIdentity() ?? httpClient(`${API_URL}/users/admin`).then(({ json }) => json)
  ).then(
    (json) => {
      const user = parseSignedInUser(json);
      if (identity === asked) knownUser = user;
      return user;
    },
    (error: unknown) => {
      identity = null;
      knownUser = undefined;
      throw asHttpError(error);
    },
  ));
  return asked;
}

/**
 * What canAccess would answer, synchronously, once this sign-in's staff member has been fetched (undefined before):
 * the same permissions and rules, so the first screen renders its menu and panels at once rather than after one
 * query per check (permissions/useAccess.ts).
 */
export function knownAccess(action: string, resource: string): boolean | undefined {
  if (!getToken() || !knownUser) return undefined;
  return canAccess(permissionsOf(knownUser), action, resource);
}

/** Fetch the signed-in user again on next use (after a password change, which can end the default password warning). */
export function forgetSignedInUser(): void {
  identity = null;
  knownUser = undefined;
}

/** react-admin's query of the auth check (useAuthState with no parameters: the layout's, and <Admin>'s own). */
const AUTH_CHECK_KEY = ['auth', 'checkAuth', {}];

/**
 * Opened signed in, react-admin's auth check answered before the first render: checkAuth (below) answers from the
 * stored token alone, so its answer is known without waiting. Without it the layout rendered a loader, and then, once
 * the check's query had answered, the whole console in one synchronous render followed by every effect (query
 * subscriptions, fetches) before the browser could show anything (issue 11: the console's first load).
 */
export function answerAuthCheckFromToken(): void {
  if (getToken()) queryClient.setQueryData(AUTH_CHECK_KEY, true);
}

function forget(): void {
  forgetToken();
  forgetSignedInUser();
}

export const authProvider: AuthProvider = {
  async login({ username, email, password }: { username?: string; email?: string; password: string }) {
    const { json } = await httpClient(`${API_URL}/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: email ?? username, password, deviceId: getDeviceId() }),
      headers: new Headers({ 'Content-Type': 'application/json' }),
    });
    const { token, user } = json as SignedIn;
    if (user.role !== 'staff') throw new Error('This console is for staff. Borrowers sign in on the portal.');
    forgetSignedInUser();
    storeToken(token);
    forgetSignedOutNotice();
    // Answers cached before this sign-in (signed out, or another staff member's) are not this session's: a stale
    // canAccess=false would keep menus and queue counts hidden until it expired.
    queryClient.clear();
  },

  async logout() {
    const token = getToken();
    forget();
    if (token) {
      // The server ends the session; a failure here (already ended, offline) must not keep anyone signed in.
      await fetch(`${API_URL}/auth/logout`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'X-Device-Id': getDeviceId() },
      }).catch(() => undefined);
    }
  },

  async checkAuth() {
    // Not signed in yet is not news: the login page opens without a toast (message: false).
    if (!getToken()) throw { message: false };
  },

  async checkError(error: unknown) {
    const status = (error as HttpError)?.status;
    // Only a 401 ends the session. A 403 shows its message where it happened; a 503 (`service-unavailable`: the
    // database briefly down) shows "The service is briefly unavailable; try again in a moment." and keeps it.
    if (status !== 401) return;
    const message = signedOutMessage(problemType(error), (error as HttpError).message);
    forget();
    // Another device took the session over: clear local storage and every cookie, as the presence client does.
    if (problemType(error) === 'session-superseded') clearBrowserSession();
    setSignedOutNotice(message);
    throw new Error(message);
  },

  async getIdentity() {
    if (!getToken()) throw new Error(EXPIRED_MESSAGE);
    const user = await signedInUser();
    return { id: user._id ?? user.id, fullName: user.name, email: user.email, defaultPasswordInUse: user.defaultPasswordInUse === true };
  },

  async getPermissions() {
    if (!getToken()) return [];
    return permissionsOf(await signedInUser());
  },

  async canAccess({ action, resource }) {
    if (!getToken()) return false;
    return canAccess(permissionsOf(await signedInUser()), action, resource);
  },
};
