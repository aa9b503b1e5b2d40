/**
 * A provider's phone number in the form identity keeps borrowers' (a leading + and the digits; ten digits alone are
 * an Indian mobile, +91): providers send `919876543210`, `+91 98765 43210` or the ten digits. Undefined when it is
 * not 10 to 15 digits.
 */
export function e164Phone(raw: string): string | undefined {
  const compact = raw.replace(/[\s().-]/g, '');
  const digits = compact.replace(/^\+/, '');
  if (!/^\d{10,15}$/.test(digits)) return undefined;
  return digits.length === 10 && !compact.startsWith('+') ? `+91${digits}` : `+${digits}`;
}
