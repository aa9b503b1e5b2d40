import { getToken } from '@lending/web-common/session';
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConsole } from './console-chunk';
import { CaseSensitiveBase } from './layout/CaseSensitiveBase';
import { SignInScreen } from './layout/SignInScreen';

// Served under /Admin (vite `base`); the router strips it so routes read as the spec's paths after /Admin.
const basename = import.meta.env.BASE_URL.replace(/\/$/, '');

const Console = lazy(loadConsole);

type ConsoleComponent = typeof import('./Console').default;

function Root({ loaded }: { loaded?: ConsoleComponent }) {
  const [signedIn, setSignedIn] = useState(() => getToken() !== null);
  if (!signedIn) return <SignInScreen basename={basename} preload={loadConsole} onSignedIn={() => setSignedIn(true)} />;
  if (loaded) {
    const Loaded = loaded;
    return <Loaded basename={basename} />;
  }
  return (
    <Suspense fallback={null}>
      <Console basename={basename} />
    </Suspense>
  );
}

/**
 * The console's React root: the sign-in form signed out (before react-admin has loaded), else the console; `loaded`:
 * the console's component when its chunk has already loaded (main.tsx), rendered without suspending.
 */
export function mountRoot(container: HTMLElement, loaded?: ConsoleComponent): void {
  createRoot(container).render(
    <StrictMode>
      <CaseSensitiveBase basename={basename}>
        <Root loaded={loaded} />
      </CaseSensitiveBase>
    </StrictMode>,
  );
}
