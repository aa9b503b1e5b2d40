import type { z } from 'zod';
import { RequestValidationFailed, type ProblemField } from './problem.js';
import { assertStorableText } from './storable-text.js';

export function fieldsOf(error: z.ZodError): ProblemField[] {
  return error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    // An unknown field is named, so the client sees which one to drop.
    if (issue.code === 'unrecognized_keys')
      return issue.keys.map((key) => ({ name: [...at, key].join('.'), message: 'is not a field of this request' }));
    return [{ name: at.length > 0 ? at.join('.') : '(body)', message: issue.message }];
  });
}

/**
 * Parses a request part with a zod schema, answering 400 with one entry per bad field. Text the database cannot store
 * (NUL, unpaired surrogates) is refused first, also inside JSON that arrived in a query parameter.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  assertStorableText(value);
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new RequestValidationFailed(fieldsOf(result.error));
  return result.data;
}
