import { useState } from 'react';
import { socialSignIn } from '../../api/auth';
import { completeSignIn } from '../../session/session';
import { socialSignInConfigured } from './firebase-config';

/** "Continue with Google", shown only when Firebase is configured for this build. */
export function SocialSignIn({ onSignedIn, onError }: { onSignedIn(): void; onError(error: unknown): void }) {
  const [busy, setBusy] = useState(false);
  if (!socialSignInConfigured) return null;
  const start = async () => {
    setBusy(true);
    try {
      const { googleIdToken } = await import('./firebase');
      completeSignIn(await socialSignIn(await googleIdToken()));
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
