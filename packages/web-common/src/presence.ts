/**
 * The presence client (spec §4, docs/api.md "Presence WebSocket") and the single-device-session behaviours both
 * apps share: one handler each for `device-changed`, `device-reload` (also a `devicereload` mark already pending
 * when the socket connects) and `session-ended`, and a refused handshake mapped to the same outcomes.
 * socket.io-client is loaded on demand, so pages without a session do not carry it.
 */
import { browser } from './browser';
import { API_BASE, apiHeaders, type Problem } from './http';
import { clearBrowserSession, getDeviceId, storeToken } from './session';

/** The alert of spec §4 when another device signs in to the same account. */
export const SOMEONE_ELSE_LOGGED_IN = 'Someone else logged in!';

export type PresenceHandlers = {
  /** Another device signed in as this user (the socket event, or a handshake refused as `session-superseded`). */
  onDeviceChanged(): void;
  /** Staff marked this device `devicereload`, now or while the page was away. */
  onDeviceReload(): void;
  /** The server ended this session (signed out elsewhere, password reset, account disabled, revoked). */
  onSessionEnded(reason: string, detail?: string): void;
  /**
   * The server counted this user online (its own presence record arrived, sent once the status is stored), or the
   * socket dropped. Not the bare `connect`: a page that reads who is online then could still find itself offline.
   */
  onConnectionChange?(connected: boolean): void;
};

type Socket = { on(event: string, handler: (...args: never[]) => void): void; removeAllListeners(): void; disconnect(): void };

/** Session-ending handshake refusals (the server's problem `type` in the error's data). */
const ENDED = new Set(['session-revoked', 'unauthenticated', 'account-disabled', 'device-mismatch']);

/** Opens the presence socket for this token and device; answers the function that closes it. */
export function connectPresence(token: string, handlers: PresenceHandlers, deviceId = getDeviceId()): () => void {
  let socket: Socket | null = null;
  let stopped = false;
  void import('socket.io-client').then(({ io }) => {
    if (stopped) return;
    const s = io({ path: '/socket.io', auth: { token, deviceId }, reconnectionDelayMax: 30_000 }) as unknown as Socket;
    socket = s;
    s.on('disconnect', () => handlers.onConnectionChange?.(false));
    s.on('device-changed', () => handlers.onDeviceChanged());
    s.on('device-reload', () => handlers.onDeviceReload());
    // This user's own presence record (no userId) comes once the server has stored the status; a mark set while
    // this page was away arrives with it.
    s.on('presence', (record: { userId?: string; device?: string; status?: boolean } | undefined) => {
      if (!record || record.userId !== undefined) return;
      if (record.status === true) handlers.onConnectionChange?.(true);
      if (record.device === 'devicereload') handlers.onDeviceReload();
    });
    s.on('session-ended', (data: { reason?: string } | undefined) => handlers.onSessionEnded(data?.reason ?? 'signed-out'));
    s.on('connect_error', (error: Error & { data?: { type?: string; status?: number; detail?: string } }) => {
      handlers.onConnectionChange?.(false);
      const problem = error.data;
      if (!problem || (problem.status !== 401 && !ENDED.has(problem.type ?? ''))) return; // a network error: socket.io retries
      s.removeAllListeners();
      s.disconnect();
      if (problem.type === 'session-superseded') handlers.onDeviceChanged();
      else handlers.onSessionEnded(problem.type ?? 'unauthenticated', problem.detail);
    });
  });
  return () => {
    stopped = true;
    socket?.removeAllListeners();
    socket?.disconnect();
    handlers.onConnectionChange?.(false);
  };
}

/** Clears the HttpOnly `token` cookie (the server's); without a valid token the server only clears the cookie. */
async function serverLogout(headers: Record<string, string>): Promise<void> {
  await fetch(`${API_BASE}/auth/logout`, { method: 'POST', credentials: 'same-origin', headers }).catch(() => undefined);
}

let takenOver = false;
/**
 * Another device signed in (spec §4): alert "Someone else logged in!", end the session on the server, clear local
 * storage and every cookie, then go to `to`. Once only: the socket event and a 401 may both report it.
 * `afterClear` runs once storage is cleared (the console leaves its login page a notice there).
 */
export async function handleDeviceChanged(to: string, afterClear?: () => void): Promise<void> {
  if (takenOver) return;
  takenOver = true;
  const headers = apiHeaders();
  browser.alert(SOMEONE_ELSE_LOGGED_IN);
  await serverLogout(headers);
  clearBrowserSession();
  afterClear?.();
  browser.assign(to);
}

/**
 * Staff marked this device `devicereload` (spec §4): a fresh token from /api/token/regenerate, stored in local
 * storage and in the `token` cookie for 180 days, then a reload. A refusal is handed to `onRefused`.
 */
export async function handleDeviceReload(onRefused: (problem: Problem) => void | Promise<void>): Promise<void> {
  const res = await fetch(`${API_BASE}/token/regenerate`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: apiHeaders({ 'Content-Type': 'application/json' }),
    body: '{}',
  }).catch(() => null);
  if (!res?.ok) {
    await onRefused({ type: 'unauthenticated', status: res?.status ?? 0 });
    return;
  }
  const { token } = (await res.json()) as { token: string };
  storeToken(token);
  browser.reload();
}

/** Test seam: forget that this page was taken over. */
export function resetPresenceState(): void {
  takenOver = false;
}
