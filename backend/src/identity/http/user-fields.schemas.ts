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

export { editBody } from '../../platform/http/edit-body.js';
