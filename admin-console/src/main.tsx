import { getToken } from '@lending/web-common/session';
import { withChunkRecovery } from '@lending/web-common/updates';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CaseSensitiveBase } from './layout/CaseSensitiveBase';
import { SignInScreen } from './layout/SignInScreen';
import { startSignedInRequests } from './providers/startup-requests';

// Served under /Admin (vite `base`); the router strips it so routes read as the spec's paths after /Admin.
const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

// react-admin and the screens: most of the JavaScript. Signed in, it loads at once; signed out, the entry chunk
// shows the sign-in form first and loads it behind the form (SignInScreen).
let consoleModule: Promise<typeof import('./Console')> | undefined;
const loadConsole = () =>
  (consoleModule ??= withChunkRecovery(import('./Console')).catch((error: unknown) => {
    consoleModule = undefined;
    throw error;
  }));
const Console = lazy(loadConsole);
if (getToken()) {
  void loadConsole();
  // The staff member and the queue counts, asked now rather than once react-admin has loaded and rendered.
  startSignedInRequests();
}

function Root() {
  const [signedIn, setSignedIn] = useState(() => getToken() !== null);
  if (!signedIn) return <SignInScreen basename={basename} preload={loadConsole} onSignedIn={() => setSignedIn(true)} />;
  return (
    <Suspense fallback={null}>
      <Console basename={basename} />
    </Suspense>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CaseSensitiveBase basename={basename}>
      <Root />
    </CaseSensitiveBase>
  </StrictMode>,
);
