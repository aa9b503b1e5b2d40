import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { sendCode, startQuickStart, verifyCode } from '../../../api/quickStart';
import { Field, FormAlert, useSubmit } from '../../Auth/forms';
import { CONFIRM_PHONE, mustConfirmPhone, pagePath, QuickStartFrame } from './Frame';
import { readQuickStart, rememberPhone, rememberProof } from './proof';
import { SignInInstead, isSignInInstead } from './SignInInstead';
import { formatPhone, toE164 } from '@lending/web-common/phone';

/** /quickStart: the mobile number the code goes to. */
export function PhonePage() {
  const navigate = useNavigate();
  const confirming = mustConfirmPhone(useLocation().state);
  const { errors, busy, run } = useSubmit();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Any usual way of writing the number (98765 01234, 098765-01234, +91 98765 01234): the code goes to its E.164 form.
    const normalized = toE164(String(new FormData(e.currentTarget).get('phone') ?? ''));
    if (!normalized) return errors.set({ phone: 'Enter your 10-digit mobile number' }, 'Please correct the fields marked below.');
    await run(async () => {
      await sendCode(normalized);
      rememberPhone(normalized);
      void navigate(pagePath('Otp'));
    });
  };
  return (
    <QuickStartFrame
      page="phone"
      title="Quick start"
      intro="Check your loan in a few minutes. Start with your mobile number: we send you a 6-digit code by SMS."
    >
      {confirming && (
        <p className="notice" role="status">
          For your security, confirm your mobile number with a new code. If you started before, your answers are kept for 30 days.
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.form} />
        <Field
          label="Mobile number"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={readQuickStart()?.phone.replace(/^\+91/, '') ?? ''}
          error={errors.fields.phone}
          hint="10 digits, or with +91"
        />
        <button className="button button--primary button--block" type="submit" disabled={busy}>
          {busy ? 'Sending the code…' : 'Send me the code'}
        </button>
      </form>
      <p className="muted small">
        Already have an account? <Link to="/Auth/Login">Sign in</Link>
      </p>
    </QuickStartFrame>
  );
}

/** /quickStart/components/Otp: the code from the SMS; a right code proves the phone and resumes where it stopped. */
export function OtpPage() {
  const navigate = useNavigate();
  const stored = readQuickStart();
  const { errors, busy, run } = useSubmit();
  const [signIn, setSignIn] = useState(false);
  const [resent, setResent] = useState(false);
  if (!stored) return <Navigate to={pagePath('phone')} replace state={CONFIRM_PHONE} />;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').trim();
    if (!/^[0-9]{6}$/.test(code))
      return errors.set({ code: 'Enter the 6 digits of the code we sent' }, 'Please correct the fields marked below.');
    await run(async () => {
      const { proof, expiresIn } = await verifyCode(stored.phone, code);
      rememberProof(stored.phone, proof, expiresIn);
      try {
        const view = await startQuickStart(proof);
        void navigate(pagePath(view.next));
      } catch (error) {
        if (isSignInInstead(error)) setSignIn(true);
        else throw error;
      }
    });
  };
  const resend = async () => {
    await run(async () => {
      await sendCode(stored.phone);
      setResent(true);
    });
  };
  if (signIn) return <SignInInstead page="Otp" />;
  return (
    <QuickStartFrame
      page="Otp"
      title="Enter the code"
      intro={`We sent a 6-digit code by SMS to ${formatPhone(stored.phone)}. It is valid for 5 minutes.`}
      back="phone"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormAlert message={errors.form} />
        <Field label="6-digit code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} error={errors.fields.code} />
        <button className="button button--primary button--block" type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Continue'}
        </button>
      </form>
      <p className="muted small" aria-live="polite">
        {resent ? 'A new code is on its way. ' : 'No SMS? '}
        <button type="button" className="link-button" onClick={() => void resend()} disabled={busy}>
          Send a new code
        </button>
      </p>
    </QuickStartFrame>
  );
}
