import { useEffect } from 'react';
import { SUPERSEDED_MESSAGE } from './authProvider';
import { API_URL } from './http';
import { clearToken, deviceId, getToken, setSignedOutNotice, setToken } from './session';

type PresenceSocket = { on(event: string, handler: (...args: unknown[]) => void): void; disconnect(): void };

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

/** Another device signed in as this user: this one is done (spec §4, single device session). */
export function signOutSuperseded(): void {
  window.alert(SUPERSEDED_MESSAGE);
  clearToken();
  setSignedOutNotice(SUPERSEDED_MESSAGE);
  window.location.assign(`${import.meta.env.BASE_URL}login`);
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
      socket.on('device-changed', signOutSuperseded);
      socket.on('device-reload', () => {
        regenerateToken().finally(() => window.location.reload());
      });
    });
    return () => {
      stopped = true;
      socket?.disconnect();
    };
  }, []);
}
