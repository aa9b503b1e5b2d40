import type { FormEvent } from 'react';
import { Field, FormAlert, useSubmit } from '../../Auth/forms';

/** One input of a section form: `name` is the dotted path of the field in the section (`current.pinCode`). */
export type FieldSpec = {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'date' | 'tel' | 'rupees';
  options?: readonly { value: string; label: string }[];
  hint?: string;
  autoComplete?: string;
  optional?: boolean;
};

const read = (data: Record<string, unknown> | null, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), data);

function write(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at: Record<string, unknown> | unknown[] = target;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const nextIsIndex = !last && /^\d+$/.test(keys[i + 1]);
    const slot = (at as Record<string, unknown>)[key];
    if (last) (at as Record<string, unknown>)[key] = value;
    else at = ((at as Record<string, unknown>)[key] = slot ?? (nextIsIndex ? [] : {})) as Record<string, unknown>;
  });
}

function shown(spec: FieldSpec, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (spec.type === 'rupees') return String(Number(value) / 100);
  return String(value);
}

function parsed(spec: FieldSpec, raw: string): unknown {
  const text = raw.trim();
  if (text === '' && spec.optional) return undefined;
  if (spec.type === 'number') return text === '' ? null : Number(text);
  if (spec.type === 'rupees') return text === '' ? null : Math.round(Number(text.replace(/,/g, '')) * 100);
  return text;
}

/**
 * A section's form: fields laid out from specs, sent as the section's JSON, the API's message shown beside each field
 * it names (`fields[].name` is the same dotted path).
 */
export function SectionForm({
  fields,
  data,
  onSave,
  submitLabel = 'Save',
}: {
  fields: FieldSpec[];
  data: Record<string, unknown> | null;
  onSave(body: Record<string, unknown>): Promise<void>;
  submitLabel?: string;
}) {
  const { errors, busy, run } = useSubmit();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body: Record<string, unknown> = {};
    for (const spec of fields) {
      const value = parsed(spec, String(form.get(spec.name) ?? ''));
      if (value !== undefined) write(body, spec.name, value);
    }
    void run(() => onSave(body));
  };
  return (
    <form className="profile-form" onSubmit={submit} noValidate>
      <FormAlert message={errors.form} />
      {fields.map((spec) =>
        spec.options ? (
          <div className="field" key={spec.name}>
            <label htmlFor={`field-${spec.name}`}>{spec.label}</label>
            <select
              id={`field-${spec.name}`}
              name={spec.name}
              defaultValue={shown(spec, read(data, spec.name))}
              aria-invalid={!!errors.fields[spec.name]}
              aria-describedby={errors.fields[spec.name] ? `field-${spec.name}-msg` : undefined}
            >
              <option value="">Choose…</option>
              {spec.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errors.fields[spec.name] ? (
              <p id={`field-${spec.name}-msg`} className="field__error">
                {errors.fields[spec.name]}
              </p>
            ) : null}
          </div>
        ) : (
          <Field
            key={spec.name}
            label={spec.label}
            name={spec.name}
            type={spec.type === 'rupees' || spec.type === 'number' ? 'text' : (spec.type ?? 'text')}
            inputMode={spec.type === 'rupees' || spec.type === 'number' ? 'numeric' : undefined}
            autoComplete={spec.autoComplete}
            defaultValue={shown(spec, read(data, spec.name))}
            error={errors.fields[spec.name]}
            hint={spec.hint}
          />
        ),
      )}
      <button className="button button--primary" type="submit" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
