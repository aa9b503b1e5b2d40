import { z } from 'zod';
import { phoneField } from '../../platform/phone/phone-number.js';
import { singleLineText } from '../../platform/text/text-fields.js';

/** A phone as people write it ("098765-01234", "+91 98765 01234"), kept in E.164 (platform/phone). */
export const phoneSchema = phoneField();

export const passwordSchema = z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters');

/** A person's name goes into emails ("Hello Asha,") and their headers: one line, no control or bidi characters. */
export const personNameSchema = singleLineText({ min: 2, max: 100 });

export { editBody } from '../../platform/http/edit-body.js';
