// Minor units are hundredths for the currencies we lend in (INR); a currency with another
// exponent would need it passed in here.
const MINOR_PER_MAJOR = 100;

/** 1_000_000 → "10000.00": for messages people read, never for arithmetic. */
export function formatMinorUnits(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const major = Math.floor(abs / MINOR_PER_MAJOR);
  const minor = String(abs % MINOR_PER_MAJOR).padStart(2, '0');
  return `${sign}${major}.${minor}`;
}
