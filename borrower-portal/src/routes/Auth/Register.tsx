import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { register } from '../../api/auth';
import { completeSignIn } from '../../session/session';
import { Field, FormAlert, useReturnTo, useSubmit } from './forms';
import { SocialSignIn } from './SocialSignIn';

export default function Register() {
  const { goBack } = useReturnTo();
  const { errors, busy, run } = useSubmit();

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const body = {
      name: String(data.get('name') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      phone: String(data.get('phone') ?? '').replace(/[\s-]/g, ''),
      password: String(data.get('password') ?? ''),
    };
    await run(async () => {
      completeSignIn(await register(body));
      goBack();
    });
  };

  return (
    <section className="auth-card">
      <h1>Create your account</h1>
      <p className="muted">It takes a minute. You will apply for your loan right after.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.form} />
        <Field label="Full name" name="name" autoComplete="name" error={errors.fields.name} hint="As on your PAN card" />
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.fields.email} />
        <Field label="Mobile number" name="phone" type="tel" autoComplete="tel" error={errors.fields.phone} hint="10 digits, or with +91" />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.fields.password}
          hint="At least 8 characters"
        />
        <button className="button button--primary button--block" type="submit" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <SocialSignIn onSignedIn={goBack} onError={errors.fromError} />
      <p className="auth-card__links">
        <span>
          Already have an account? <Link to="/Auth/Login">Sign in</Link>
        </span>
      </p>
      <p className="muted small">
        By creating an account you accept our <Link to="/terms-and-conditions">terms</Link> and{' '}
        <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    </section>
  );
}
