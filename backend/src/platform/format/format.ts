/**
 * Money and dates as people read them in emails, SMS, push and PDFs: the rules of packages/web-common/src/format.ts,
 * written once for the server (docs/admin-console.md, "Dates, times and money"). Money "₹1,23,456.00" (a PDF's
 * standard font has no ₹, so pdfText spells it "INR "); dates "1 Dec 2026"; date-times "1 Dec 2026, 9:33 pm" in the
 * business time zone (BUSINESS_TIMEZONE). A calendar date (YYYY-MM-DD) is not an instant: no zone moves it.
 * format.spec.ts checks both formatters against one table (packages/web-common/src/format.cases.json).
 */
const LOCALE = 'en-IN';
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
const EMPTY = '—';
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_PARTS = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME_PARTS = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}
/** What is not a date (a template's sample value) is shown as it is rather than failing the message. */
const isInstant = (value: string | Date) => !Number.isNaN(new Date(value).getTime());
const dateFormat = (options: Intl.DateTimeFormatOptions) => cached(`d|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(LOCALE, options));
/** ICU versions differ (spaces before "pm", "Sept"): plain spaces and three-letter months, as the browser's formatter. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/\bSept\b/, 'Sep');

/** "₹1,23,456.00" from 12345600 paise, with the currency's own decimals (0 for JPY). */
export function formatMoney(minor: number, currency: string): string {
  const f = cached(`m|${currency}`, () => new Intl.NumberFormat(LOCALE, { style: 'currency', currency }));
  return f.format(minor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
}

/** "1 Dec 2026": a calendar date as it is, an instant's date in the business time zone; "—" for none. */
export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return EMPTY;
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return plainSpaces(dateFormat({ ...DATE_PARTS, timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`)));
  return isInstant(value) ? plainSpaces(dateFormat({ ...DATE_PARTS, timeZone }).format(new Date(value))) : String(value);
}

/** "1 Dec 2026, 9:33 pm" in the business time zone; "—" for none. */
export function formatDateTime(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return EMPTY;
  return isInstant(value) ? plainSpaces(dateFormat({ ...DATE_PARTS, ...TIME_PARTS, timeZone }).format(new Date(value))) : String(value);
}

/** "3 days", "1 day": a count with its noun in the right number. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
