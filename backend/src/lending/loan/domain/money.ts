// Minor units are hundredths for the currencies we lend in (INR); a currency with another
// exponent would need it passed in here.
const MINOR_PER_MAJOR = 100;

/**
 * 1_000_000 → "10000.00": the plain form in the sentences of `invalid-input` refusals, which clients already read
 * (kept as it is: the API's `detail` texts are a contract). Everything else people read uses `formatMoney`.
 */
export function formatMinorUnits(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const major = Math.floor(abs / MINOR_PER_MAJOR);
  const minor = String(abs % MINOR_PER_MAJOR).padStart(2, '0');
  return `${sign}${major}.${minor}`;
}

/**
 * The backend's money formatter (agreements, and any new text for people), written once here.
 * Formats integer minor units as "<CODE> <amount>", e.g. 123456 INR -> "INR 1,234.56".
 * INR uses Indian grouping ("INR 1,23,456.78"); other currencies use en-US grouping.
 * The number of decimals is the currency's ISO 4217 minor-unit exponent as known to
 * Intl (2 for INR/USD, 0 for JPY, 3 for KWD). Negative amounts: "INR -12.50".
 */
export function formatMoney(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`formatMoney: amount must be an integer number of minor units, got ${minor}`);
  }
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) {
    throw new RangeError(`formatMoney: currency must be an ISO 4217 code, got "${currency}"`);
  }
  const digits = currencyDigits(code);
  const abs = BigInt(Math.abs(minor));
  const factor = 10n ** BigInt(digits);
  const whole = groupingFormat(code).format(abs / factor);
  const fraction = digits > 0 ? `.${(abs % factor).toString().padStart(digits, '0')}` : '';
  return `${code} ${minor < 0 ? '-' : ''}${whole}${fraction}`;
}

const digitsCache = new Map<string, number>();
function currencyDigits(code: string): number {
  let d = digitsCache.get(code);
  if (d === undefined) {
    d = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(code, d);
  }
  return d;
}

const IN_GROUPING = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const US_GROUPING = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
function groupingFormat(code: string): Intl.NumberFormat {
  return code === 'INR' ? IN_GROUPING : US_GROUPING;
}
