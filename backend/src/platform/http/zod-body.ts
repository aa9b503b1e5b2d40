import type { z } from 'zod';
import { RequestValidationFailed, type ProblemField } from './problem.js';

export function fieldsOf(error: z.ZodError): ProblemField[] {
  return error.issues.map((issue) => ({
    name: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));
}

/** Parses a request part with a zod schema, answering 400 with one entry per bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new RequestValidationFailed(fieldsOf(result.error));
  return result.data;
}
