import { API_BASE, apiFetch } from '@lending/web-common/http';
import { getToken } from '@lending/web-common/session';
import { canAccess } from '../permissions/canAccess';
import { parseSignedInUser, permissionsOf } from './signed-in-user';

/**
 * Opened signed in, the requests the first screen waits for: the staff member (GET /api/users/admin: permissions
 * decide the menu and the queue counts) and then, if they may list loans, the queue counts the menu and the
 * dashboard show. Started by the entry chunk (main.tsx) at once, while react-admin's chunks are still loading, not
 * once react-admin has rendered and asked (issue 11: they were two round trips in sequence after all the
 * JavaScript). Each answer is handed once, to the first who asks while the token is the one it was asked with
 * (authProvider.signedInUser, dataProvider.loanQueues); any other asks the server itself.
 */
type Started = {
  token: string;
  identity?: Promise<unknown>;
  queueCounts?: Promise<unknown>;
  countsArrived?: { body: unknown; at: number };
};

let started: Started | undefined;

const json = (path: string) => apiFetch(`${API_BASE}${path}`).then((res) => res.json() as Promise<unknown>);

export function startSignedInRequests(): void {
  const token = getToken();
  if (!token) return;
  const identity = json('/users/admin');
  // Asked only of a staff member who may list loans, read exactly as the auth provider reads them (signed-in-user.ts).
  const queueCounts = identity.then((body) =>
    canAccess(permissionsOf(parseSignedInUser(body)), 'list', 'loans') ? json('/admin/loan-queues') : undefined,
  );
  // Whoever takes them handles their failures; an answer nobody took is not an unhandled rejection.
  identity.catch(() => undefined);
  queueCounts.catch(() => undefined);
  const request: Started = { token, identity, queueCounts };
  queueCounts.then(
    (body) => {
      if (body !== undefined) request.countsArrived = { body, at: Date.now() };
    },
    () => undefined,
  );
  started = request;
}

function take(key: 'identity' | 'queueCounts'): Promise<unknown> | undefined {
  if (!started || started.token !== getToken()) return undefined;
  const answer = started[key];
  started[key] = undefined;
  if (key === 'queueCounts') started.countsArrived = undefined;
  return answer;
}

/** The body of GET /api/users/admin started at load, once, if this is still that session. */
export const takeStartedIdentity = () => take('identity');

/** The body of GET /api/admin/loan-queues started at load (undefined: not asked, no permission), once. */
export const takeStartedQueueCounts = () => take('queueCounts');

/**
 * The queue counts started at load if they have already arrived (and nobody took them), with when they arrived, once:
 * the first render of the menu and the dashboard shows them rather than asking for them (loans/useQueueCounts.ts).
 */
export function takeArrivedQueueCounts(): { body: unknown; at: number } | undefined {
  if (!started || started.token !== getToken() || !started.countsArrived) return undefined;
  const arrived = started.countsArrived;
  started.countsArrived = undefined;
  started.queueCounts = undefined;
  return arrived;
}
