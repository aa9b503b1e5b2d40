import { useEffect, useState } from 'react';
import { SignInForm } from './SignInForm';

const SIGN_IN_PATH = '/login';

/**
 * The console opened signed out: the sign-in form at once, before MUI, react-admin and the screens (most of the
 * JavaScript) have loaded: they load meanwhile (`preload`), and the form hands over to them once the staff member
 * is signed in (`onSignedIn`). The address becomes /Admin/login, as react-admin's own redirect would make it; after
 * signing in it returns to the page that was opened (the dashboard for the root and for /login itself).
 */
export function SignInScreen({
  basename,
  preload,
  onSignedIn,
}: {
  basename: string;
  preload: () => Promise<unknown>;
  onSignedIn: () => void;
}) {
  const [returnTo] = useState(() => {
    const path = window.location.pathname.slice(basename.length);
    return ['', '/', SIGN_IN_PATH].includes(path) ? '/Dashboard' : `${path}${window.location.search}${window.location.hash}`;
  });

  useEffect(() => {
    window.history.replaceState(window.history.state, '', `${basename}${SIGN_IN_PATH}`);
    // After the form has painted: the console's chunks would otherwise compete with it for the network and the CPU.
    const timer = window.setTimeout(() => void preload().catch(() => undefined), 0);
    return () => window.clearTimeout(timer);
  }, [basename, preload]);

  const signIn = async (email: string, password: string) => {
    const { authProvider } = await import('../providers/authProvider');
    await authProvider.login({ email, password });
    window.history.replaceState(null, '', `${basename}${returnTo}`);
    onSignedIn();
  };

  return <SignInForm signIn={signIn} />;
}
