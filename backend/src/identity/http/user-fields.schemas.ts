import { z } from 'zod';
import { singleLineText } from '../../platform/text/text-fields.js';

// Spaces, dots, dashes and brackets are how people write numbers, not part of them: "+91 98765-43210" is one phone.
export const phoneSchema = z
  .string()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{10,15}$/, 'must be 10 to 15 digits, optionally starting with +'));

export const passwordSchema = z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters');

/** A person's name goes into emails ("Hello Asha,") and their headers: one line, no control or bidi characters. */
export const personNameSchema = singleLineText({ min: 2, max: 100 });

/**
 * An edit body that react-admin (or the portal) fills from the whole record it read: the record's read-only fields
 * are accepted and dropped, while any other unknown field is still named as an error.
 */
export function editBody<S extends z.ZodRawShape>(editable: S, readOnly: readonly string[]) {
  const ignored = Object.fromEntries(readOnly.map((f) => [f, z.unknown().optional()]));
  return z
    .strictObject({ ...editable, ...ignored })
    .transform((body) => Object.fromEntries(Object.entries(body).filter(([k]) => !readOnly.includes(k))) as z.infer<z.ZodObject<S>>);
}
