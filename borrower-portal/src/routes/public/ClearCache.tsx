import { useEffect, useState } from 'react';
import { clearBrowserSession } from '@lending/web-common/session';

/** Clears local storage, cookies, caches and service workers, then reloads the home page. */
export async function clearEverything(): Promise<void> {
  clearBrowserSession();
  sessionStorage.clear();
  await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  if ('caches' in window) {
    for (const key of await caches.keys()) await caches.delete(key);
  }
  if ('serviceWorker' in navigator) {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
  }
}

export default function ClearCache() {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    clearEverything().then(
      () => window.location.replace('/'),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  return (
    <main className="container section centered">
      <h1>Clearing saved data…</h1>
      <p>
        {error
          ? `Some data could not be cleared: ${error}`
          : 'We are removing this site’s saved data from your browser and will reload in a moment.'}
      </p>
    </main>
  );
}
