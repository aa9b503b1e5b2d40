/**
 * Money and dates as people read them in emails, SMS, push and PDFs: the rules of packages/web-common/src/format.ts,
 * written once for the server (docs/admin-console.md, "Dates, times and money"). Money "₹1,23,456.00" (a PDF's
 * standard font has no ₹, so pdfText spells it "INR "; agreements and statements write "INR 1,23,456.00" themselves);
 * dates "1 Dec 2026"; date-times "1 Dec 2026, 9:33 pm" in the business time zone (BUSINESS_TIMEZONE). A calendar date
 * (YYYY-MM-DD) is not an instant: no zone moves it. Every amount is integer minor units; nothing else on the server
 * divides by 100 or names a locale. format.spec.ts checks both formatters against one table
 * (packages/web-common/src/format.cases.json).
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
const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  cached(`d|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(LOCALE, options));
/** ICU versions differ (spaces before "pm", "Sept"): plain spaces and three-letter months, as the browser's formatter. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/\bSept\b/, 'Sep');

/** The currency's minor-unit digits as ISO 4217 gives them (INR 2, JPY 0, KWD 3). */
function minorDigits(currency: string): number {
  return (
    cached(`m|${currency}|all`, () => new Intl.NumberFormat(LOCALE, { style: 'currency', currency })).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * "₹1,23,456.00" from 12345600 paise, with the currency's own decimals (0 for JPY). `decimals: 'needed'` drops the
 * zeros a round amount does not need: "₹10,000", "₹1,234.5" (the quick start's product limits).
 */
export function formatMoney(minor: number, currency: string, options: { decimals?: 'all' | 'needed' } = {}): string {
  const decimals = options.decimals ?? 'all';
  const f = cached(
    `m|${currency}|${decimals}`,
    () => new Intl.NumberFormat(LOCALE, { style: 'currency', currency, ...(decimals === 'needed' ? { minimumFractionDigits: 0 } : {}) }),
  );
  return f.format(minor / 10 ** minorDigits(currency));
}

/**
 * "INR 1,23,456.78": the currency's code before the amount, for a PDF's standard font (no ₹) and the sandbox checkout.
 * Indian grouping for INR, en-US grouping for other currencies; exact to the last minor unit (no floating point);
 * a negative amount is "INR -12.50". Refuses an amount that is not a whole number of minor units, or a currency that
 * is not a three-letter code (`formatMoneyCode(0, currency)` checks a currency).
 */
export function formatMoneyCode(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`formatMoney: amount must be an integer number of minor units, got ${minor}`);
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) throw new RangeError(`formatMoney: currency must be an ISO 4217 code, got "${currency}"`);
  const digits = minorDigits(code);
  const abs = BigInt(Math.abs(minor));
  const factor = 10n ** BigInt(digits);
  const grouping = cached(
    `g|${code === 'INR' ? LOCALE : 'en-US'}`,
    () => new Intl.NumberFormat(code === 'INR' ? LOCALE : 'en-US', { maximumFractionDigits: 0 }),
  );
  const fraction = digits > 0 ? `.${(abs % factor).toString().padStart(digits, '0')}` : '';
  return `${code} ${minor < 0 ? '-' : ''}${grouping.format(abs / factor)}${fraction}`;
}

/**
 * 1_000_000 → "10000.00": hundredths, no grouping and no currency, the form in the sentences of `invalid-input`
 * refusals, which clients already read (kept as it is: the API's `detail` texts are a contract).
 */
export function formatMinorUnits(amount: number): string {
  const abs = Math.abs(amount);
  return `${amount < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1 Dec 2026": a calendar date as it is, an instant's date in the business time zone; "—" for none. */
export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return EMPTY;
  if (typeof value === 'string' && CALENDAR_DATE.test(value))
    return plainSpaces(dateFormat({ ...DATE_PARTS, timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`)));
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
