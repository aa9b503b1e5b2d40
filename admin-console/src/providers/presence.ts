import { useEffect, useSyncExternalStore } from 'react';
import { browser } from '@lending/web-common/browser';
import { connectPresence, handleDeviceChanged, handleDeviceReload } from '@lending/web-common/presence';
import { forgetToken, getToken } from '@lending/web-common/session';
import { EXPIRED_MESSAGE, SUPERSEDED_MESSAGE } from './authProvider';
import { setSignedOutNotice } from './session';

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

const loginPage = () => `${import.meta.env.BASE_URL}login`;

function toLoginPage(message: string): void {
  forgetToken();
  setSignedOutNotice(message);
  browser.assign(loginPage());
}

/**
 * Keeps the presence socket open while the console is (the shared client, @lending/web-common/presence): another
 * device signing in clears local storage and every cookie and ends on the login page with "Someone else logged in!";
 * a device reload asked by staff (now or pending on connect) stores a fresh token and reloads; an ended session
 * signs out with the server's reason.
 */
export function usePresence(): void {
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    return connectPresence(token, {
      onConnectionChange: setConnected,
      onDeviceChanged: () => void handleDeviceChanged(loginPage(), () => setSignedOutNotice(SUPERSEDED_MESSAGE)),
      // A refused regeneration still reloads: the page then finds out where the session stands.
      onDeviceReload: () => void handleDeviceReload(() => browser.reload()),
      onSessionEnded: (reason, detail) => toLoginPage(reason === 'superseded' ? SUPERSEDED_MESSAGE : (detail ?? EXPIRED_MESSAGE)),
    });
  }, []);
}
