import { useState, type InputHTMLAttributes } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@lending/web-common/http';

/** Field messages from the API's problem+json `fields`, plus one message for the whole form. */
export function useFormErrors() {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [form, setForm] = useState<string | null>(null);
  return {
    fields,
    form,
    clear() {
      setFields({});
      setForm(null);
    },
    set(next: Record<string, string>, formMessage: string | null = null) {
      setFields(next);
      setForm(formMessage);
    },
    fromError(error: unknown) {
      if (error instanceof ApiError) {
        const byField = error.fieldMessages;
        setFields(byField);
        setForm(
          Object.keys(byField).length > 0 && error.type === 'validation-failed' ? 'Please correct the fields marked below.' : error.message,
        );
      } else {
        setFields({});
        setForm(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string; hint?: string };

export function Field({ label, name, error, hint, ...input }: FieldProps) {
  const id = `field-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={!!error} aria-describedby={error || hint ? `${id}-msg` : undefined} {...input} />
      {error ? (
        <p id={`${id}-msg`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-msg`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="form-alert" role="alert">
      {message}
    </p>
  ) : null;
}

/** Only same-site paths are followed after sign-in (never another site). */
export function safeReturnPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/Auth/') ? value : '/User/Dashboard';
}

/** A form's submission: clears the messages, marks the form busy, and shows what the API answered when it fails. */
export function useSubmit() {
  const errors = useFormErrors();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    errors.clear();
    setBusy(true);
    try {
      await action();
    } catch (error) {
      errors.fromError(error);
    } finally {
      setBusy(false);
    }
  };
  return { errors, busy, run };
}

/** After signing in: back to the page in `?returnTo=` (same site only), else the dashboard. */
export function useReturnTo() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  return { returnTo, asked: params.has('returnTo'), goBack: () => void navigate(returnTo, { replace: true }) };
}
