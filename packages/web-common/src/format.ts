/**
 * Money and dates for people. Money is integer minor units with the API's currency; it is formatted with that
 * currency's own decimals (2 for INR, 0 for JPY) in the reader's locale (Indian grouping for rupees by default).
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
    f = new Intl.NumberFormat(localeFor(currency, locale), { style: 'currency', currency, ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) });
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
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) dateFormats.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

/**
 * "1 Dec 2026". A calendar date (YYYY-MM-DD: a due date, a disbursal date) is not an instant: it is formatted in
 * UTC so no time zone moves it a day; an instant shows the reader's local date.
 */
export function formatDate(value: string | null | undefined, locale = DEFAULT_LOCALE): string {
  if (!value) return EMPTY;
  if (CALENDAR_DATE.test(value)) return dateFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  return dateFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(value));
}

/** "1 Dec 2026, 3:35 pm" in the reader's time zone. */
export function formatDateTime(iso: string | null | undefined, locale = DEFAULT_LOCALE): string {
  return iso ? dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : EMPTY;
}
