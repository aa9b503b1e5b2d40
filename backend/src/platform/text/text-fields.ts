import { z } from 'zod';

/**
 * Text that people type and that the product may put in an email, a header, a PDF or a log line (names, notes,
 * references). One place decides what such text may contain:
 *
 * - `singleLineText`: no control character at all (C0 incl. TAB, CR, LF and NUL; DEL; C1), no Unicode line or
 *   paragraph separator (U+2028, U+2029), and no bidirectional embedding, override or isolate (U+202A–U+202E,
 *   U+2066–U+2069), which can make text read differently from what it is ("Trojan Source").
 * - `multiLineText`: the same, except that line breaks are allowed: `\n`, and `\r\n` (stored as `\n`).
 *
 * The check runs on the text as sent, before trimming, so a trailing line break is refused rather than silently
 * dropped. A refused value is a 400 `validation-failed` naming the field with a sentence saying what was found.
 */

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/u;
// \p{Cc}: U+0000–U+001F, U+007F–U+009F.
const CONTROL = /\p{Cc}/u;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;

const describe = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why a text is not acceptable (a sentence for the field's message), or undefined when it is. */
export function textProblem(value: string, { multiLine }: { multiLine: boolean }): string | undefined {
  const rest = multiLine ? value.replace(/\r\n|\n/g, '') : value;
  if (!multiLine && LINE_BREAK.test(rest)) return 'must be a single line: line breaks are not allowed';
  const control = CONTROL.exec(rest);
  if (control) {
    if (control[0] === '\t') return 'must not contain tab characters';
    if (multiLine && (control[0] === '\r' || control[0] === '\u0085')) return 'may break lines only with \\n or \\r\\n';
    return `must not contain control characters (found ${describe(control[0])})`;
  }
  if (multiLine && /[\u2028\u2029]/u.test(rest)) return 'may break lines only with \\n or \\r\\n';
  const bidi = BIDI.exec(rest);
  if (bidi) return `must not contain invisible text-direction characters (found ${describe(bidi[0])})`;
  return undefined;
}

type TextOptions = {
  /** Fewest characters after trimming (default 0). */
  min?: number;
  /** Most characters after trimming. */
  max: number;
  minMessage?: string;
  maxMessage?: string;
  /** When the value is missing or not a string. */
  typeMessage?: string;
};

function text({ min = 0, max, minMessage, maxMessage, typeMessage }: TextOptions, multiLine: boolean) {
  let schema = z.string(typeMessage ? { error: typeMessage } : undefined).refine((v) => textProblem(v, { multiLine }) === undefined, {
    abort: true,
    error: (issue) => textProblem(issue.input as string, { multiLine }) ?? 'is not valid text',
  });
  if (multiLine) schema = schema.overwrite((v) => v.replace(/\r\n/g, '\n'));
  schema = schema.trim();
  if (min > 0) schema = schema.min(min, minMessage ?? (min === 1 ? 'is required' : `must be at least ${min} characters`));
  return schema.max(max, maxMessage ?? `must be at most ${max} characters`);
}

/** One line of text (a name, a reference): trimmed; refuses line breaks, control and bidi-override characters. */
export const singleLineText = (options: TextOptions) => text(options, false);

/** Free text over several lines (a note, a reason): trimmed, `\r\n` stored as `\n`; refuses other control characters. */
export const multiLineText = (options: TextOptions) => text(options, true);

/**
 * For values the product itself puts on one line (an email subject or a header built from stored data): every line
 * break, control or bidi-override character becomes a space. Input is refused at the API; this is the second fence.
 */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]+/gu, ' ').trim();
}
