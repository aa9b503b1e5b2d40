import type { FormEvent } from 'react';
import { updateProfile, type Profile } from '../../../api/auth';
import { useToast } from '../../../shell/Toasts';
import { Field, FormAlert, useSubmit } from '../../Auth/forms';

/** Name and phone (email is read-only), saved with PUT /api/me/profile. Used by the Profile section and Step1. */
export function ProfileForm({ profile, onSaved, submitLabel = 'Save changes' }: { profile: Profile; onSaved(profile: Profile): void; submitLabel?: string }) {
  const { errors, busy, run } = useSubmit();
  const toast = useToast();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const phone = String(data.get('phone') ?? '').replace(/[\s-]/g, '');
    await run(async () => {
      onSaved(await updateProfile({ ...(name !== profile.name ? { name } : {}), ...(phone && phone !== profile.phone ? { phone } : {}) }));
      toast.success('Your profile is saved.');
    });
  };
  return (
    <form className="profile-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormAlert message={errors.form} />
      <Field label="Full name" name="name" autoComplete="name" defaultValue={profile.name} error={errors.fields.name} />
      <Field label="Email" name="email" type="email" value={profile.email} readOnly hint="To change your email, contact us" />
      <Field label="Mobile number" name="phone" type="tel" autoComplete="tel" defaultValue={profile.phone ?? ''} error={errors.fields.phone} hint="10 to 15 digits, optionally with +" />
      <button className="button button--primary" type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
