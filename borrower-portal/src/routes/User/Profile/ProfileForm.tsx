import { useState, type FormEvent } from 'react';
import { formatPhone, toE164 } from '@lending/web-common/phone';
import { sendPhoneCode, updateProfile, verifyPhoneCode, type Profile } from '../../../api/auth';
import { useToast } from '../../../shell/Toasts';
import { Field, FormAlert, useSubmit } from '../../Auth/forms';

/**
 * Name and phone (email is read-only), saved with PUT /api/me/profile. Used by the Profile section and Step1. A new
 * phone is proven first (the e-sign code goes to it): Save sends a code to the new number, and the change is saved
 * with the proof once the code is entered.
 */
export function ProfileForm({
  profile,
  onSaved,
  submitLabel = 'Save changes',
}: {
  profile: Profile;
  onSaved(profile: Profile): void;
  submitLabel?: string;
}) {
  const { errors, busy, run } = useSubmit();
  const toast = useToast();
  // The new number waiting for its code; the number last typed, shown again after "Use another number".
  const [pending, setPending] = useState<{ phone: string } | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const nameChange = (name: string) => (name !== profile.name ? { name } : {});

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    if (pending) {
      const code = String(data.get('code') ?? '').trim();
      if (!/^[0-9]{6}$/.test(code))
        return errors.set({ code: 'Enter the 6 digits of the code we sent' }, 'Please correct the fields marked below.');
      await run(async () => {
        const { proof } = await verifyPhoneCode(pending.phone, code);
        onSaved(await updateProfile({ ...nameChange(name), phone: pending.phone, phoneProof: proof }));
        setPending(null);
        toast.success('Your profile is saved and your new number is verified.');
      });
      return;
    }
    const phone = String(data.get('phone') ?? '').replace(/[\s-]/g, '');
    // The same number written another way is no change (the server keeps E.164); what is no number goes to the server to be named.
    const phoneChanged = phone !== '' && (toE164(phone) ?? phone) !== (profile.phone ?? '');
    await run(async () => {
      if (phoneChanged) {
        setDraft(phone);
        const sent = await sendPhoneCode(phone);
        setResent(false);
        setPending({ phone: sent.phone });
        return;
      }
      onSaved(await updateProfile(nameChange(name)));
      toast.success('Your profile is saved.');
    });
  };

  const resend = () =>
    run(async () => {
      await sendPhoneCode(pending!.phone);
      setResent(true);
    });

  return (
    <form className="profile-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormAlert message={errors.form} />
      <Field label="Full name" name="name" autoComplete="name" defaultValue={profile.name} error={errors.fields.name} />
      <Field label="Email" name="email" type="email" value={profile.email} readOnly hint="To change your email, contact us" />
      {pending ? (
        <>
          <Field
            key="phone-pending"
            label="Mobile number"
            name="phone"
            type="tel"
            value={formatPhone(pending.phone)}
            readOnly
            hint="Confirm the new number with the code we sent to it"
          />
          <p className="muted" aria-live="polite" data-testid="phone-code-sent">
            We sent a 6-digit code by SMS to {formatPhone(pending.phone)}. It is valid for 5 minutes. Your number changes once you enter it.
          </p>
          <Field
            label="6-digit code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.fields.code ?? errors.fields.phoneProof}
          />
          <button className="button button--primary" type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Verify and save'}
          </button>{' '}
          <button type="button" className="link-button" onClick={() => void resend()} disabled={busy}>
            {resent ? 'A new code is on its way; send another' : 'Send a new code'}
          </button>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              errors.clear();
              setPending(null);
            }}
            disabled={busy}
          >
            Use another number
          </button>
        </>
      ) : (
        <>
          <Field
            key="phone-edit"
            label="Mobile number"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={draft ?? (profile.phone ? formatPhone(profile.phone) : '')}
            error={errors.fields.phone}
            hint="10 digits, or + and the country code. A new number is confirmed with a code sent to it."
          />
          <button className="button button--primary" type="submit" disabled={busy}>
            {submitLabel}
          </button>
        </>
      )}
    </form>
  );
}
