import { useState } from 'react';
import { socialSignIn } from '../../api/auth';
import { completeSignIn } from '../../session/session';
import { socialSignInConfigured } from './firebase-config';

/** Signing in with the provider's ID token: by default POST /api/auth/social; quick start finishes with it instead. */
export type IdTokenExchange = (idToken: string) => Promise<void>;

const signInWithIdToken: IdTokenExchange = async (idToken) => completeSignIn(await socialSignIn(idToken));

/** "Continue with Google", shown only when Firebase is configured for this build. */
export function SocialSignIn({
  onSignedIn,
  onError,
  exchange = signInWithIdToken,
}: {
  onSignedIn(): void;
  onError(error: unknown): void;
  exchange?: IdTokenExchange;
}) {
  const [busy, setBusy] = useState(false);
  if (!socialSignInConfigured) return null;
  const start = async () => {
    setBusy(true);
    try {
      const { googleIdToken } = await import('./firebase');
      await exchange(await googleIdToken());
      onSignedIn();
    } catch (error) {
      console.error('Social login error', error);
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="social">
      <p className="divider">
        <span>or</span>
      </p>
      <button type="button" className="button button--ghost button--block" disabled={busy} onClick={() => void start()}>
        Continue with Google
      </button>
    </div>
  );
}
