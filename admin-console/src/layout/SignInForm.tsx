import { useId, useState } from 'react';
import { signedOutNotice } from '../providers/session';
import { PALETTE_CSS_VARIABLES } from './palette';
import './sign-in.css';

/**
 * The staff sign-in form, with a notice saying why they were signed out, if they were. `signIn` rejects with the
 * sentence to show. Plain elements and one small stylesheet (sign-in.css, drawn like the console's MUI theme), no
 * MUI, no emotion, no react-admin: the signed-out console (SignInScreen) renders it from the entry chunk, which is
 * then React alone (issue 11: the form within 1 s; with MUI's TextField the entry chunk was 3× larger and its first
 * render built a theme and every style at run time).
 */
export function SignInForm({ signIn }: { signIn: (email: string, password: string) => Promise<void> }) {
  const [notice] = useState(signedOutNotice);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      setError((err as Error).message || 'Sign-in failed');
      setBusy(false);
    }
  };

  return (
    <div className="signin" style={PALETTE_CSS_VARIABLES as React.CSSProperties}>
      <main className="signin-card">
        <div className="signin-head">
          <span className="signin-avatar" aria-hidden="true">
            <svg viewBox="0 0 24 24" focusable="false">
              <path d="M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z" />
            </svg>
          </span>
          <h1>Lending admin</h1>
          <p>Staff sign-in</p>
        </div>
        {notice ? (
          <div role="alert" className="signin-alert signin-alert-warning" data-testid="signed-out-notice">
            {notice}
          </div>
        ) : null}
        <form onSubmit={submit} className="signin-form">
          <div className="signin-field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
              autoFocus
            />
          </div>
          <div className="signin-field">
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              id={`${id}-password`}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </div>
          {error ? (
            <div role="alert" className="signin-alert signin-alert-error">
              {error}
            </div>
          ) : null}
          <button type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </main>
    </div>
  );
}
