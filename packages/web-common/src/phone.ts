import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * Phones as both UIs show them. The API keeps and answers every phone in E.164 (`+919876501234`, issue 27 item 5);
 * people read it grouped the international way: "+91 98765 01234". A value that does not read as a number (an old
 * phone the migration listed for staff) is shown as it is stored; no phone is "—".
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '—';
  const parsed = parsePhoneNumberFromString(phone, 'IN');
  return parsed?.isValid() ? parsed.formatInternational() : phone;
}

/**
 * The number in E.164 as the API will store it, or undefined when it is not a valid number: read the way people
 * write it (9876501234, 09876501234, +91 98765 01234, 91-9876501234); without a country code it is Indian. The
 * server decides (platform/phone in the backend); forms use this to check before sending and to compare numbers.
 */
export function toE164(input: string): string | undefined {
  const compact = input.replace(/[\s().\-\u00a0]/g, '');
  if (!/^\+?[0-9]+$/.test(compact)) return undefined;
  const asWritten = parsePhoneNumberFromString(compact, 'IN');
  if (asWritten?.isValid()) return asWritten.number;
  const international = compact.startsWith('+') ? undefined : parsePhoneNumberFromString(`+${compact}`);
  return international?.isValid() ? international.number : undefined;
}

/** A `tel:` link for the number (E.164 as stored; spaces and dashes of another form dropped). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
