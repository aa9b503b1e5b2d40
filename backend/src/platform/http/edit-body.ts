import { z } from 'zod';

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
