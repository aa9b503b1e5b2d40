/**
 * Push configuration: the build's VITE_FIREBASE_* and VAPID key, or the same fields given at run time in
 * `window.__LENDING_CONFIG__.firebase` (set before the app loads: a deployment's config script, or Playwright's
 * addInitScript). `messaging: 'fake'` there picks the test-only messaging adapter (e2e tests; never set in a build).
 */
export type FirebaseWebConfig = {
  apiKey?: string;
  authDomain?: string;
  projectId?: string;
  appId?: string;
  messagingSenderId?: string;
  measurementId?: string;
  vapidKey?: string;
};

export type RuntimeConfig = { firebase?: FirebaseWebConfig; messaging?: 'firebase' | 'fake' };

declare global {
  interface Window {
    __LENDING_CONFIG__?: RuntimeConfig;
  }
}

export function runtimeConfig(): RuntimeConfig {
  return (typeof window !== 'undefined' && window.__LENDING_CONFIG__) || {};
}

export function firebaseWebConfig(): FirebaseWebConfig {
  const env = import.meta.env;
  const built: FirebaseWebConfig = {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    appId: env.VITE_FIREBASE_APP_ID,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    measurementId: env.VITE_FIREBASE_MEASUREMENT_ID,
    vapidKey: env.VITE_FIREBASE_VAPID_KEY,
  };
  return { ...built, ...runtimeConfig().firebase };
}
