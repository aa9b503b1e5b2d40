import { useEffect, useSyncExternalStore } from 'react';
import { EXPIRED_MESSAGE, SUPERSEDED_MESSAGE } from './authProvider';
import { API_URL } from './http';
import { clearToken, deviceId, getToken, setSignedOutNotice, setToken } from './session';

type PresenceSocket = { on(event: string, handler: (...args: unknown[]) => void): void; disconnect(): void };

/** Whether this page is connected to the presence socket (the server counts the user online while it is). */
let connected = false;
const listeners = new Set<() => void>();
function setConnected(value: boolean): void {
  connected = value;
  for (const listener of listeners) listener();
}
export function usePresenceConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
  );
}

/** Asks the server for a fresh token after staff marked this device `devicereload` (spec §4), then reloads. */
export async function regenerateToken(): Promise<void> {
  const res = await fetch(`${API_URL}/token/regenerate`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${getToken() ?? ''}`, 'X-Device-Id': deviceId(), 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (res.ok) {
    const { token } = (await res.json()) as { token: string };
    setToken(token);
  }
}

function toLoginPage(message: string): void {
  clearToken();
  setSignedOutNotice(message);
  window.location.assign(`${import.meta.env.BASE_URL}login`);
}

/** Another device signed in as this user: this one is done (spec §4, single device session). */
export function signOutSuperseded(): void {
  window.alert(SUPERSEDED_MESSAGE);
  toLoginPage(SUPERSEDED_MESSAGE);
}

/**
 * Keeps the presence socket open while the console is: the server marks the user online while it is connected and
 * tells this page when another device signs in or staff ask for a reload. socket.io-client is loaded on demand so
 * the login page does not carry it.
 */
export function usePresence(): void {
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let socket: PresenceSocket | null = null;
    let stopped = false;
    import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      socket = io({ path: '/socket.io', auth: { token, deviceId: deviceId() }, reconnectionDelayMax: 30000 });
      socket.on('connect', () => setConnected(true));
      socket.on('disconnect', () => setConnected(false));
      socket.on('connect_error', (error) => {
        setConnected(false);
        // The server refuses the handshake of an ended session: the same outcome as the event would have been.
        const problem = (error as { data?: { type?: string; status?: number; detail?: string } }).data;
        if (problem?.status !== 401) return;
        socket?.disconnect();
        if (problem.type === 'session-superseded') signOutSuperseded();
        else toLoginPage(problem.detail ?? EXPIRED_MESSAGE);
      });
      socket.on('device-changed', signOutSuperseded);
      // Signed out elsewhere, password reset, account disabled: the server ended this session.
      socket.on('session-ended', (event) => toLoginPage((event as { reason?: string })?.reason === 'superseded' ? SUPERSEDED_MESSAGE : EXPIRED_MESSAGE));
      socket.on('device-reload', () => {
        regenerateToken().finally(() => window.location.reload());
      });
    });
    return () => {
      stopped = true;
      socket?.disconnect();
      setConnected(false);
    };
  }, []);
}
