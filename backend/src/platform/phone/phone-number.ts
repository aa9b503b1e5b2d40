import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/**
 * Phone numbers in one form (issue 27, "one phone, one account"): E.164, a `+`, the country code and the national
 * number, no spaces (`+919876501234`). Every place a phone enters the system (register, quick start, sign-in, the
 * profile, references, leads, the channels' webhooks) passes it through `e164Phone`, so the same number written
 * another way is the same string in every table, and `users.phone`'s unique index means one number, one account.
 *
 * Read the way people and providers write numbers: `9876501234`, `09876501234`, `+91 98765 01234`, `91-9876501234`,
 * `(+91) 98765-01234`, `0091 98765 01234`; a number without a country code is Indian (`DEFAULT_PHONE_COUNTRY`), and
 * digits that do not make an Indian number but do with a `+` in front (`447700900123`, as a provider sends them) are
 * read as international. A number must be valid for its country (libphonenumber-js, `min` metadata: length and
 * leading digits), not merely the right count of digits.
 */
export const DEFAULT_PHONE_COUNTRY = 'IN';

/** What a refused phone field says. */
export const PHONE_FIELD_MESSAGE = 'must be a phone number: 10 digits, or + and the country code (e.g. +91 98765 01234)';

const WRITTEN_AROUND = /[\s().\-\u00a0]/g;

/** The number in E.164 (`+919876501234`), or undefined when the input is not a valid phone number. */
export function e164Phone(input: string): string | undefined {
  if (input.length > 40) return undefined;
  const compact = input.replace(WRITTEN_AROUND, '');
  if (!/^\+?[0-9]+$/.test(compact)) return undefined;
  const asWritten = parsePhoneNumberFromString(compact, DEFAULT_PHONE_COUNTRY);
  if (asWritten?.isValid()) return asWritten.number;
  if (compact.startsWith('+')) return undefined;
  const international = parsePhoneNumberFromString(`+${compact}`);
  return international?.isValid() ? international.number : undefined;
}

/**
 * A phone already stored or handed over by another context, in the one form when it reads as a number; a stored
 * value that does not (kept as it was by the migration, listed for staff in phone_collisions) is returned unchanged.
 */
export const inOneForm = (value: string): string => e164Phone(value) ?? value;

/** A request field holding a phone: read as people write it, answered in E.164, or refused with PHONE_FIELD_MESSAGE. */
export const phoneField = (message = PHONE_FIELD_MESSAGE) =>
  z
    .string()
    .max(40, message)
    .describe('a phone number as people write it: 9876501234, 09876501234, +91 98765 01234, 91-9876501234; stored and answered in E.164')
    .transform((value, ctx) => {
      const phone = e164Phone(value);
      if (phone === undefined) ctx.addIssue({ code: 'custom', message });
      return phone ?? value;
    })
    .pipe(z.string().describe('E.164, e.g. +919876501234'));
