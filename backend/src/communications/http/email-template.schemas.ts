import { z } from 'zod';
import { TEMPLATE_EVENT_KEYS } from '../domain/template-events.js';

const event = z.enum(TEMPLATE_EVENT_KEYS, { error: `event must be one of: ${TEMPLATE_EVENT_KEYS.join(', ')}` });

export const templateBody = z.strictObject({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
  event,
  subject: z
    .string({ error: 'subject is required' })
    .trim()
    .min(1, 'subject is required')
    .max(200, 'subject must be at most 200 characters'),
  html: z.string({ error: 'html is required' }).min(1, 'html is required').max(100_000, 'html must be at most 100000 characters'),
  text: z.string({ error: 'text is required' }).min(1, 'text is required').max(50_000, 'text must be at most 50000 characters'),
  active: z.boolean({ error: 'active must be true or false' }),
});

/** A draft to preview before saving: any field left out is the saved template's. */
export const previewBody = templateBody.pick({ event: true, subject: true, html: true, text: true }).partial();

export const templateListFilter = z.strictObject({
  q: z.string().trim().max(200).optional(),
  event: event.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
  id: z.union([z.array(z.uuid('each id must be a template id')), z.uuid('id must be a template id')]).optional(),
});

export const templateIdParam = z
  .string()
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the template id must be a UUID', path: ['id'] });

export const emailTemplateSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  event: z.string().describe('the event the template answers (GET /api/admin/email-template-events)'),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  active: z.boolean().describe('at most one template per event is active; saving one active deactivates the others'),
  version: z.number().int().describe('each save that changes something is the next version; each email records the version it used'),
  shipped: z.boolean().describe('seeded from the product’s default for its event'),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

export const emailTemplateVersionSchema = z.strictObject({
  templateId: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  event: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  active: z.boolean(),
  madeBy: z.string(),
  madeAt: z.string(),
});

export const renderedEmailSchema = z.strictObject({ subject: z.string(), html: z.string(), text: z.string() });

export const templateEventSchema = z.strictObject({
  key: z.string(),
  label: z.string(),
  loanEvent: z.string().optional(),
  required: z.array(z.string()).optional(),
  variables: z.array(z.strictObject({ name: z.string(), description: z.string(), sample: z.string() })),
});
