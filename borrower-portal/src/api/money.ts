/** Money is integer minor units (paise) everywhere in the API; these format it for people. */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(minor: number, currency = 'INR', options: { whole?: boolean } = {}): string {
  const key = `${currency}:${options.whole ? 0 : 2}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: options.whole ? 0 : 2, maximumFractionDigits: options.whole ? 0 : 2 });
    formatters.set(key, f);
  }
  return f.format(minor / 100);
}

/** "1,00,000" or "100000.50" typed by a person -> paise; null when it is not an amount. */
export function parseRupees(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00`) : new Date(iso);
  return date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}
