import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { resetPassword } from '../../api/auth';
import { Field, FormAlert, useSubmit } from './forms';

export default function ConfirmPassword() {
  const { id = '' } = useParams();
  const { errors, busy, run } = useSubmit();
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password !== String(data.get('confirm') ?? '')) return errors.set({ confirm: 'The two passwords are not the same' });
    await run(async () => {
      await resetPassword(id, password);
      setDone(true);
    });
  };
  if (done)
    return (
      <section className="auth-card">
        <h1>Password changed</h1>
        <p>Your new password is set and you have been signed out everywhere.</p>
        <Link className="button button--primary" to="/Auth/Login">
          Sign in
        </Link>
      </section>
    );
  return (
    <section className="auth-card">
      <h1>Choose a new password</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.fields.id ? `${errors.fields.id}. Ask for a new link.` : errors.form} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.fields.password}
          hint="At least 8 characters"
        />
        <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" error={errors.fields.confirm} />
        <button className="button button--primary button--block" type="submit" disabled={busy}>
          Set the new password
        </button>
      </form>
      <p className="auth-card__links">
        <Link to="/Auth/ForgotPassword">Ask for a new link</Link>
      </p>
    </section>
  );
}
