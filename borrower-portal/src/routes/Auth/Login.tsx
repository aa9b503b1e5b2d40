import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/auth';
import { completeSignIn } from '../../session/session';
import { Field, FormAlert, safeReturnPath, useFormErrors } from './forms';
import { SocialSignIn } from './SocialSignIn';

export default function Login() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const errors = useFormErrors();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const who = String(data.get('login') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const local: Record<string, string> = {};
    if (!who) local.login = 'Enter your email address or mobile number';
    if (!password) local.password = 'Enter your password';
    if (Object.keys(local).length) return errors.set(local);
    errors.clear();
    setBusy(true);
    try {
      const credentials = who.includes('@') ? { email: who } : { phone: who.replace(/[\s-]/g, '') };
      completeSignIn(await login(credentials, password));
      navigate(returnTo, { replace: true });
    } catch (error) {
      errors.fromError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card">
      <h1>Sign in</h1>
      <p className="muted">Welcome back. Signing in here signs you out on any other device.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.form} />
        <Field label="Email or mobile number" name="login" autoComplete="username" error={errors.fields.login ?? errors.fields.email ?? errors.fields.phone} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.fields.password} />
        <button className="button button--primary button--block" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <SocialSignIn onSignedIn={() => navigate(returnTo, { replace: true })} onError={errors.fromError} />
      <p className="auth-card__links">
        <Link to="/Auth/ForgotPassword">Forgot your password?</Link>
        <span>
          New here? <Link to={`/Auth/Register${params.get('returnTo') ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`}>Create an account</Link>
        </span>
      </p>
    </section>
  );
}
