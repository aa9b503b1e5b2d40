/**
 * Money and dates for people, one way everywhere (docs/admin-console.md, "Dates, times and money"). Money is integer
 * minor units with the API's currency; it is formatted with that currency's own decimals (2 for INR, 0 for JPY), Indian
 * grouping for rupees: "₹1,23,456.00". Dates read "1 Dec 2026", times "1 Dec 2026, 9:33 pm", in the business time zone.
 * backend/src/platform/format/format.ts writes emails and PDFs by the same rules (format.cases.json checks both).
 */
export const DEFAULT_LOCALE = 'en-IN';
const EMPTY = '—';

/** Indian grouping (1,00,000.00) for rupees; otherwise the browser's locale. */
const localeFor = (currency: string, locale?: string) => locale ?? (currency === 'INR' ? 'en-IN' : undefined);

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: string, locale?: string, whole = false): Intl.NumberFormat {
  const key = `${currency}|${locale ?? ''}|${whole}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(localeFor(currency, locale), {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formatters.set(key, f);
  }
  return f;
}

/** The currency's minor-unit digits (INR 2, JPY 0). */
export function minorDigits(currency: string): number {
  return formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

export type MoneyOptions = { locale?: string; /** no decimals: "₹1,00,000" */ whole?: boolean };

/** "₹1,00,000.00" from 10000000 paise; "—" for no amount. */
export function formatMoney(minor: number | null | undefined, currency: string, options: MoneyOptions = {}): string {
  if (minor === null || minor === undefined) return EMPTY;
  return formatter(currency, options.locale, options.whole).format(minor / 10 ** minorDigits(currency));
}

/** A count with the house's digit grouping: 10,000 (en-IN groups lakhs and crores: 10,00,000). */
export function formatCount(count: number, locale = DEFAULT_LOCALE): string {
  return count.toLocaleString(locale);
}

/** "1 day", "3 days": a count with its noun in the right number (never "day(s)"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Minor units from a major-unit amount ("1,00,000.50", "100000.5" or a number). */
export function toMinor(major: string | number, currency: string): number {
  const value = typeof major === 'number' ? major : Number(major.replace(/[,\s]/g, ''));
  return Math.round(value * 10 ** minorDigits(currency));
}

/** An amount typed by a person ("₹1,00,000", "100000.50") in minor units; null when it is not an amount. */
export function parseAmount(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const cleaned = text.replace(/[^\d.,\s-]/g, '').replace(/[,\s]/g, '');
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(cleaned)) return null;
  return toMinor(cleaned, currency);
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The business time zone until the API says otherwise (GET /api/public/settings; BUSINESS_TIMEZONE on the server). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
let businessTimeZone = DEFAULT_TIME_ZONE;

/** The zone instants are shown in; an unknown zone is refused and the current one kept. */
export function setBusinessTimeZone(zone: string | null | undefined): void {
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: zone });
    businessTimeZone = zone;
  } catch {
    // a zone this browser does not know: keep showing the default rather than the reader's own zone
  }
}

export const getBusinessTimeZone = (): string => businessTimeZone;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}
/**
 * ICU versions differ: some put narrow or no-break spaces before "pm", newer CLDR writes September "Sept". Plain spaces
 * and three-letter months, so every browser and the server write the same.
 */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/\bSept\b/, 'Sep');
/** What is not a date is shown as it is rather than breaking the page. */
const isInstant = (value: string) => !Number.isNaN(new Date(value).getTime());
const DATE_PARTS = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME_PARTS = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

/**
 * "1 Dec 2026". A calendar date (YYYY-MM-DD: a due date, a disbursal date) is not an instant: it is formatted as it
 * is, so no time zone moves it a day; an instant shows its date in the business time zone (India, not the reader's).
 */
export function formatDate(value: string | null | undefined, locale = DEFAULT_LOCALE): string {
  if (!value) return EMPTY;
  if (CALENDAR_DATE.test(value))
    return plainSpaces(dateFormat(locale, { ...DATE_PARTS, timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`)));
  return isInstant(value) ? plainSpaces(dateFormat(locale, { ...DATE_PARTS, timeZone: businessTimeZone }).format(new Date(value))) : value;
}

/** "1 Dec 2026, 9:33 pm" in the business time zone. */
export function formatDateTime(iso: string | null | undefined, locale = DEFAULT_LOCALE): string {
  if (!iso) return EMPTY;
  return isInstant(iso)
    ? plainSpaces(dateFormat(locale, { ...DATE_PARTS, ...TIME_PARTS, timeZone: businessTimeZone }).format(new Date(iso)))
    : iso;
}

/** "9:33 pm" in the business time zone: a time beside a date already shown. */
export function formatTime(iso: string | null | undefined, locale = DEFAULT_LOCALE): string {
  return iso ? plainSpaces(dateFormat(locale, { ...TIME_PARTS, timeZone: businessTimeZone }).format(new Date(iso))) : EMPTY;
}

/** The calendar date (YYYY-MM-DD) of an instant in the business time zone: "today" for due dates and statuses. */
export function businessDateOf(instant: Date = new Date()): string {
  return dateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: businessTimeZone }).format(instant);
}
