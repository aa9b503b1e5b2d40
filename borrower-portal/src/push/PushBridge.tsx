import { useEffect, useState } from 'react';
import { useToken } from '../session/auth-state';
import { PUSH_REGISTERED_EVENT, refreshPushIfDue, showForegroundMessages } from './push-registration';

/** While someone is signed in: refresh this device's push registration when due, and show foreground messages. */
export function PushBridge() {
  const token = useToken();
  const [registrations, setRegistrations] = useState(0);
  useEffect(() => {
    const registered = () => setRegistrations((n) => n + 1);
    window.addEventListener(PUSH_REGISTERED_EVENT, registered);
    return () => window.removeEventListener(PUSH_REGISTERED_EVENT, registered);
  }, []);
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let live = true;
    // Refresh once per sign-in; after a (re)registration only the listener is started again.
    void (registrations === 0 ? refreshPushIfDue() : Promise.resolve())
      .then(() => showForegroundMessages())
      .then((unsubscribe) => (live ? (stop = unsubscribe) : unsubscribe()));
    return () => {
      live = false;
      stop?.();
    };
  }, [token, registrations]);
  return null;
}
