import { useSyncExternalStore } from 'react';
import { getToken } from '@lending/web-common/session';

/** Whether a token is stored, as React state: sign-in and sign-out notify the pages that show it. */
const listeners = new Set<() => void>();

export function notifySessionChanged(): void {
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === 'token' && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
