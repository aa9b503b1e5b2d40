import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { login } from '../../api/auth';
import { completeSignIn } from '../../session/session';
import { Field, FormAlert, useReturnTo, useSubmit } from './forms';
import { SocialSignIn } from './SocialSignIn';

export default function Login() {
  const { returnTo, asked, goBack } = useReturnTo();
  const { errors, busy, run } = useSubmit();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const who = String(data.get('login') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const local: Record<string, string> = {};
    if (!who) local.login = 'Enter your email address or mobile number';
    if (!password) local.password = 'Enter your password';
    if (Object.keys(local).length) return errors.set(local);
    await run(async () => {
      completeSignIn(await login(who.includes('@') ? { email: who } : { phone: who }, password));
      goBack();
    });
  };

  return (
    <section className="auth-card">
      <h1>Sign in</h1>
      <p className="muted">Welcome back. Signing in here signs you out on any other device.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.form} />
        <Field
          label="Email or mobile number"
          name="login"
          autoComplete="username"
          error={errors.fields.login ?? errors.fields.email ?? errors.fields.phone}
        />
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.fields.password} />
        <button className="button button--primary button--block" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <SocialSignIn onSignedIn={goBack} onError={errors.fromError} />
      <p className="auth-card__links">
        <Link to="/Auth/ForgotPassword">Forgot your password?</Link>
        <span>
          New here? <Link to={`/Auth/Register${asked ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`}>Create an account</Link>
        </span>
      </p>
    </section>
  );
}
