import { z } from 'zod';
import { EMAIL_STATUSES } from '../domain/email.js';

export const emailListFilter = z.strictObject({
  q: z.string().trim().max(200).optional(),
  status: z.enum(EMAIL_STATUSES, { error: `status must be one of: ${EMAIL_STATUSES.join(', ')}` }).optional(),
  template: z.string().trim().min(1).max(100).optional(),
  userId: z.uuid('userId must be a user id').optional(),
  id: z.union([z.array(z.uuid('each id must be an email id')), z.uuid('id must be an email id')]).optional(),
});

/** The path's id, reported under its own name. */
export const emailIdParam = z
  .string({ error: 'the email id must be a UUID' })
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the email id must be a UUID', path: ['id'] });
