import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

/** Every quick start address in order: the phone, the code, then Step0 … Step6. */
export const ALL_PAGES = ['phone', 'Otp', 'Step0', 'Step1', 'Step2', 'Step3', 'Step4', 'Step5', 'Step6'] as const;
export type AnyPage = (typeof ALL_PAGES)[number];

export const pagePath = (page: AnyPage) => (page === 'phone' ? '/quickStart' : `/quickStart/components/${page}`);

/** The navigation state that sends a visitor back to the phone step to prove it again (a deep link, an expired proof). */
export const CONFIRM_PHONE = { confirmPhone: true } as const;
export const mustConfirmPhone = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { confirmPhone?: unknown }).confirmPhone === true;

/** A quick start page: where the visitor is (step N of M), its title, a way back that keeps what was entered. */
export function QuickStartFrame({
  page,
  title,
  intro,
  back,
  children,
}: {
  page: AnyPage;
  title: string;
  intro?: ReactNode;
  back?: AnyPage;
  children: ReactNode;
}) {
  const n = ALL_PAGES.indexOf(page) + 1;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [page]);
  return (
    <section className="auth-card quick-start">
      <p className="eyebrow" id="qs-progress-label">
        Quick start · Step {n} of {ALL_PAGES.length}
      </p>
      <progress className="quick-start__progress" max={ALL_PAGES.length} value={n} aria-labelledby="qs-progress-label" />
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {intro && <p className="muted">{intro}</p>}
      {children}
      {back && (
        <p className="auth-card__links">
          <Link to={pagePath(back)}>← Back</Link>
        </p>
      )}
    </section>
  );
}

type SelectProps = {
  label: string;
  name: string;
  options: ReadonlyArray<readonly [string, string]>;
  defaultValue?: string;
  error?: string;
};

/** A labelled choice with its error, as Field is for text. */
export function SelectField({ label, name, options, defaultValue, error }: SelectProps) {
  const id = `field-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ''}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-msg` : undefined}
      >
        <option value="" disabled>
          Choose…
        </option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-msg`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
