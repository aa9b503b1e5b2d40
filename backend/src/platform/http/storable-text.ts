import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { RequestValidationFailed, type ProblemField } from './problem.js';

/**
 * PostgreSQL text and jsonb cannot hold U+0000 (NUL), and jsonb refuses an unpaired UTF-16 surrogate, which JSON
 * from a client can carry (`"\ud800"`). Either one reaching the database was a 500 on every endpoint that stores or
 * searches text (found by the API fuzz). They are refused at the door instead: 400 `validation-failed` naming the
 * field. Other control characters are the business of each field's own rule.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_MESSAGE = 'must not contain a NUL character (U+0000) or an unpaired surrogate';

/** Every string (value or key) in `value` that the database could not store, named by its path. */
export function unstorableText(value: unknown, path: string[] = []): ProblemField[] {
  const found: ProblemField[] = [];
  const name = (at: string[]) => (at.length > 0 ? at.join('.') : '(body)');
  const walk = (v: unknown, at: string[], depth: number) => {
    if (found.length >= 20 || depth > 64) return;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) found.push({ name: name(at), message: UNSTORABLE_MESSAGE });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...at, String(i)], depth + 1));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) found.push({ name: name([...at, k.replace(UNSTORABLE, '?')]), message: UNSTORABLE_MESSAGE });
        else walk(item, [...at, k], depth + 1);
      }
    }
  };
  walk(value, path, 0);
  return found;
}

/** Throws the 400 problem when `value` holds text the database could not store. */
export function assertStorableText(value: unknown, path: string[] = []): void {
  const fields = unstorableText(value, path);
  if (fields.length > 0) throw new RequestValidationFailed(fields);
}

/**
 * A global pipe: every @Body, @Query and @Param argument is checked before the handler runs (after the access
 * guard, so an anonymous caller still gets 401 first). JSON inside a query parameter (a list's `filter`) is checked
 * by parseWith once parsed.
 */
@Injectable()
export class StorableTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    assertStorableText(value, metadata.type !== 'body' && metadata.data ? [metadata.data] : []);
    return value;
  }
}
