import { useState, type FormEvent } from 'react';
import { confirmEmailCode, sendEmailCode, type Profile } from '../../../api/auth';
import { useToast } from '../../../shell/Toasts';
import { Field, FormAlert, useSubmit } from '../../Auth/forms';

/**
 * Whether the email on the profile is verified, and its verification: "Verify my email" sends a 6-digit code to it
 * (POST /api/me/email-verification), the code is typed back (…/confirm). Signed loan documents go only to a verified
 * email, so the note says why it matters.
 */
export function EmailVerification({ profile, onVerified }: { profile: Profile; onVerified(profile: Profile): void }) {
  const { errors, busy, run } = useSubmit();
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  if (profile.emailVerified)
    return (
      <p className="notice notice--good" data-testid="email-verification">
        Your email {profile.email} is <strong>Verified</strong>. Your signed loan documents are emailed to it.
      </p>
    );

  const send = (again: boolean) =>
    run(async () => {
      const sent = await sendEmailCode();
      setSentTo(sent.email);
      setResent(again);
    });

  const confirm = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('emailCode') ?? '').trim();
    if (!/^[0-9]{6}$/.test(code))
      return errors.set({ code: 'Enter the 6 digits of the code we emailed you' }, 'Please correct the fields marked below.');
    await run(async () => {
      onVerified(await confirmEmailCode(code));
      toast.success('Your email is verified.');
    });
  };

  return (
    <form className="email-verification" onSubmit={(e) => void confirm(e)} noValidate data-testid="email-verification">
      <p className="notice" role="status">
        Your email {profile.email} is <strong>Not verified</strong>. Verify it to receive your signed loan documents by email; until then we
        send you an SMS with a link to download them.
      </p>
      <FormAlert message={errors.form} />
      {sentTo ? (
        <>
          <p className="muted" aria-live="polite">
            We emailed a 6-digit code to {sentTo}. It is valid for 30 minutes.
          </p>
          <Field
            label="Code from the email"
            name="emailCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.fields.code}
          />
          <div className="actions">
            <button className="button button--primary" type="submit" disabled={busy}>
              {busy ? 'Checking…' : 'Confirm'}
            </button>{' '}
            <button type="button" className="link-button" onClick={() => void send(true)} disabled={busy}>
              {resent ? 'A new code is on its way; send another' : 'Send a new code'}
            </button>
          </div>
        </>
      ) : (
        <div className="actions">
          <button className="button" type="button" onClick={() => void send(false)} disabled={busy}>
            {busy ? 'Sending…' : 'Verify my email'}
          </button>
        </div>
      )}
    </form>
  );
}
