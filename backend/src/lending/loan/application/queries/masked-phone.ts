/** "+91******3210": a phone shown or recorded without its middle digits. */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 4) return '****';
  const country = phone.startsWith('+91') ? '+91' : phone.startsWith('+') ? '+' : '';
  const national = country === '+91' ? digits.slice(2) : digits;
  return `${country}${'*'.repeat(Math.max(0, national.length - 4))}${national.slice(-4)}`;
}
