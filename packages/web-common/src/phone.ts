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

/** A `tel:` link for the number (E.164 as stored; spaces and dashes of another form dropped). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
