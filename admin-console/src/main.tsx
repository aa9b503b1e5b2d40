import { loadBusinessTimeZone } from '@lending/web-common/business-time-zone';
import { getToken } from '@lending/web-common/session';
import { withChunkRecovery } from '@lending/web-common/updates';
import { loadConsole } from './console-chunk';
import { startSignedInRequests } from './providers/startup-requests';

// The entry chunk is small and holds no React (issue 11): it only decides what to fetch. Signed in, react-admin and
// the screens (Console), the staff member and the queue counts are asked at once, beside React and the root
// (Root.tsx), instead of after React had been downloaded and evaluated; the root is mounted once the console has
// loaded, with it: a root mounted before would commit its Suspense fallback, and React holds back the content that
// replaces a fallback until 300 ms after the fallback (its throttle), idle time on the first load. Signed out, only the
// root (the sign-in form) is asked first; it loads the console behind the form (SignInScreen).
void loadBusinessTimeZone(); // dates and times in BUSINESS_TIMEZONE, asked beside the chunks
const container = document.getElementById('root')!;
const root = withChunkRecovery(import('./Root'));
if (getToken()) {
  const consoleLoaded = loadConsole().then(
    (module) => module.default,
    () => undefined, // mounted without it: the root's lazy console asks again and shows the failure
  );
  startSignedInRequests();
  void Promise.all([root, consoleLoaded]).then(([{ mountRoot }, loaded]) => mountRoot(container, loaded));
} else {
  void root.then(({ mountRoot }) => mountRoot(container));
}
