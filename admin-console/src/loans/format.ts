/** Money arrives as integer minor units with its currency; format it with the currency's own decimals. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    // Indian grouping (1,00,000.00) for rupees; otherwise the browser's locale.
    f = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : undefined, { style: 'currency', currency });
    formatters.set(currency, f);
  }
  return f;
}

export function formatMoney(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '—';
  const f = formatter(currency);
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}

/** Minor units from a major-unit amount typed by staff ("1,00,000.50" or "100000.5"). */
export function toMinor(major: string | number, currency: string): number {
  const digits = formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
  const value = typeof major === 'number' ? major : Number(major.replace(/[,\s]/g, ''));
  return Math.round(value * 10 ** digits);
}

/** Rows of a list do not carry a currency (docs/api.md "A row"); the deployment's currency applies. */
export const DEFAULT_CURRENCY: string = import.meta.env.VITE_CURRENCY ?? 'INR';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
/** Calendar dates (YYYY-MM-DD) are not instants: formatted in UTC so no time zone moves them a day. */
export const formatDate = (ymd: string | null | undefined) => (ymd ? dateOnly.format(new Date(`${ymd}T00:00:00Z`)) : '—');

/** "SoftCheckApproved" -> "Soft check approved". */
export function humanizeEventType(type: string): string {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const shortId = (id: string | null | undefined) => (id ? id.slice(0, 8) : '—');
