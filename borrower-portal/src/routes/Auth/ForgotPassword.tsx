import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPassword } from '../../api/auth';
import { Field, FormAlert, useSubmit } from './forms';

export default function ForgotPassword() {
  const { errors, busy, run } = useSubmit();
  const [sent, setSent] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    await run(async () => {
      await forgotPassword(email);
      setSent(email);
    });
  };
  if (sent)
    return (
      <section className="auth-card">
        <h1>Check your email</h1>
        <p>
          If <strong>{sent}</strong> has an account with us, we have sent it a link to choose a new password. The link works once and
          expires in 30 minutes.
        </p>
        <p>
          <Link to="/Auth/Login">Back to sign in</Link>
        </p>
      </section>
    );
  return (
    <section className="auth-card">
      <h1>Forgot your password?</h1>
      <p className="muted">Enter the email address of your account and we will send you a link to set a new one.</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.form} />
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.fields.email} />
        <button className="button button--primary button--block" type="submit" disabled={busy}>
          Send the link
        </button>
      </form>
      <p className="auth-card__links">
        <Link to="/Auth/Login">Back to sign in</Link>
      </p>
    </section>
  );
}
