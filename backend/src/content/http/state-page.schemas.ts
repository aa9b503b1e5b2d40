import { z } from 'zod';
import { INDIAN_STATES } from '../../origination/public/index.js';

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`);

export const statePageBody = z.strictObject({
  state: z.enum(INDIAN_STATES, {
    error: 'state must be a state or union territory of India, as written in the list (e.g. Karnataka, Tamil Nadu)',
  }),
  city: text('city', 80).refine(
    (v) => /^[\p{L}\p{N}][\p{L}\p{N} .'-]*$/u.test(v),
    'city must be a place name: letters, digits, spaces, dots, hyphens',
  ),
  title: text('title', 120),
  text: text('text', 5000),
  offer: z
    .string()
    .trim()
    .max(300, 'offer must be at most 300 characters')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  active: z.boolean({ error: 'active must be true or false' }),
});

export const statePageListFilter = z.strictObject({
  q: z.string().trim().max(200).optional(),
  state: z.enum(INDIAN_STATES).optional(),
  active: z.boolean().optional(),
  id: z.union([z.array(z.uuid('each id must be a page id')), z.uuid('id must be a page id')]).optional(),
});

export const statePageIdParam = z
  .string()
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the page id must be a UUID', path: ['id'] });
/** A path segment of `/{state}/{city}`: anything up to 120 characters (an unknown one is simply not found). */
export const placeSegment = z.string().max(120, 'a path segment must be at most 120 characters');

export const statePageSchema = z.strictObject({
  id: z.uuid(),
  state: z.string(),
  city: z.string(),
  path: z.string(),
  title: z.string(),
  text: z.string(),
  offer: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

export const publicStatePageSchema = z.strictObject({
  state: z.string(),
  city: z.string(),
  path: z.string(),
  title: z.string(),
  text: z.string(),
  offer: z.string().nullable(),
});
