import { withChunkRecovery } from '@lending/web-common/updates';

/**
 * react-admin and the screens (most of the JavaScript), loaded once: at once by the entry when signed in (main.tsx),
 * behind the sign-in form when signed out (SignInScreen), and rendered by Root.
 */
let consoleModule: Promise<typeof import('./Console')> | undefined;

export const loadConsole = () =>
  (consoleModule ??= withChunkRecovery(import('./Console')).catch((error: unknown) => {
    consoleModule = undefined;
    throw error;
  }));
