import { z } from 'zod';
import { BANNER_AUDIENCES } from '../domain/banner.js';

const audience = z.enum(BANNER_AUDIENCES, { error: `audience must be one of: ${BANNER_AUDIENCES.join(', ')}` });
const when = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be a date and time such as 2026-12-01T09:00:00+05:30` });
const link = z
  .string()
  .trim()
  .max(500, 'link must be at most 500 characters')
  .refine(
    (v) => v === '' || /^\/(?!\/)[^\s\\]*$/.test(v),
    'link must be a path of this site, such as /EmiCalculator (the portal opens no other site: spec §8)',
  )
  .transform((v) => (v === '' ? null : v));

const fields = {
  title: z.string({ error: 'title is required' }).trim().min(1, 'title is required').max(120, 'title must be at most 120 characters'),
  link: link
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  audience,
  startsAt: when('startsAt'),
  endsAt: when('endsAt')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  order: z.number({ error: 'order must be a whole number' }).int('order must be a whole number').min(0).max(10_000).default(0),
  active: z.boolean({ error: 'active must be true or false' }),
};

const scheduleInOrder = (b: { startsAt: string; endsAt: string | null }) => b.endsAt === null || new Date(b.endsAt) > new Date(b.startsAt);
const scheduleMessage = { message: 'endsAt must be after startsAt', path: ['endsAt'] };

export const createBannerBody = z
  .strictObject({
    ...fields,
    image: z
      .string({ error: 'image is required: a data URL of a PNG, JPEG, GIF or WebP picture' })
      .max(3_000_000, 'image must be at most 2 MB'),
  })
  .refine(scheduleInOrder, scheduleMessage);

export const updateBannerBody = z
  .strictObject({ ...fields, image: z.string().max(3_000_000, 'image must be at most 2 MB').optional() })
  .refine(scheduleInOrder, scheduleMessage);

export const bannerListFilter = z.strictObject({
  q: z.string().trim().max(200).optional(),
  audience: audience.optional(),
  active: z.boolean().optional(),
  id: z.union([z.array(z.uuid('each id must be a banner id')), z.uuid('id must be a banner id')]).optional(),
});

export const bannerAudienceQuery = z.strictObject({ audience });

export const bannerIdParam = z
  .string()
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the banner id must be a UUID', path: ['id'] });

export const bannerSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  link: z.string().nullable(),
  audience: z.enum(BANNER_AUDIENCES),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  order: z.number().int(),
  active: z.boolean(),
  imageUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

export const publicBannerSchema = z.strictObject({ id: z.uuid(), title: z.string(), link: z.string().nullable(), imageUrl: z.string() });
