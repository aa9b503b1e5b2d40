/**
 * Secrets in emails (a password-reset token): the stored message holds a placeholder, `{{secret:<name>}}`, where the
 * secret goes. The worker renders the real value only into the message it hands to SMTP; everyone else (the email
 * log, the admin API, the development console in production) sees `[redacted]`. Pure functions, no I/O.
 */

export type EmailSecrets = Record<string, string>;

const NAME = /^[a-z][a-z0-9-]{0,39}$/;
const PLACEHOLDER = /\{\{secret:([a-z][a-z0-9-]{0,39})\}\}/g;

/** What staff read instead of a secret. */
export const REDACTED = '[redacted]';

/** The placeholder to write into a message where the secret `name` goes. */
export function secretRef(name: string): string {
  if (!NAME.test(name)) throw new Error(`Invalid email secret name ${JSON.stringify(name)}`);
  return `{{secret:${name}}}`;
}

/** The names of the placeholders in a text, in order, without repeats. */
export function secretNamesIn(...texts: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of (text ?? '').matchAll(PLACEHOLDER)) names.add(m[1]);
  return [...names];
}

/** The text as staff may see it: every placeholder (known or not) shown as `[redacted]`. */
export function redactSecrets(text: string): string;
export function redactSecrets(text: string | null): string | null;
export function redactSecrets(text: string | null): string | null {
  return text == null ? text : text.replace(PLACEHOLDER, REDACTED);
}

/** The text as the recipient gets it. A placeholder without a value is an error: never send a half-rendered link. */
export function renderSecrets(text: string, secrets: EmailSecrets): string;
export function renderSecrets(text: string | null, secrets: EmailSecrets): string | null;
export function renderSecrets(text: string | null, secrets: EmailSecrets): string | null {
  if (text == null) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = secrets[name];
    if (value === undefined) throw new Error(`The email has no value for its secret ${name}`);
    return value;
  });
}

/** Removes every secret value from a text (an SMTP error message that echoes part of the message, say). */
export function scrubSecrets(text: string, secrets: EmailSecrets): string {
  let out = text;
  for (const value of Object.values(secrets)) if (value.length >= 8) out = out.split(value).join(REDACTED);
  return out;
}
