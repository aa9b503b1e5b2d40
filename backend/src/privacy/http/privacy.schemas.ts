import { z } from 'zod';
import { REASON_MAX } from '../domain/erasure-request.js';

/** Requests and answers of the data-rights endpoints (DPDP Act, 2023; issue 33 item 5). OpenAPI is generated from these. */
export const exportFormatQuery = z.strictObject({
  format: z.enum(['json', 'pdf'], { error: 'format must be json or pdf' }).default('json'),
});

export const erasureRequestBody = z.strictObject({
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .max(REASON_MAX, `reason must be at most ${REASON_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});

const status = z.enum(['requested', 'carried-out'], { error: 'status must be requested or carried-out' });

export const erasureListFilter = z.strictObject({
  status: status.optional(),
  borrowerId: z.uuid('borrowerId must be a borrower id').optional(),
  id: z.union([z.uuid(), z.array(z.uuid())]).optional(),
});

export const erasureIdParam = z
  .string()
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the erasure request id must be a UUID', path: ['id'] });

const part = z.enum([
  'push-devices',
  'sessions',
  'marketing-consent',
  'profile',
  'help-issues',
  'messages',
  'account',
  'loan-records',
  'event-log',
  'consent-records',
]);

const dutySchema = z.union([
  z.strictObject({ kind: z.literal('none'), endedOn: z.string().nullable() }),
  z.strictObject({ kind: z.literal('while-running'), running: z.array(z.string()) }),
  z.strictObject({ kind: z.literal('until'), until: z.string(), endedOn: z.string() }),
]);

const keptSchema = z.strictObject({
  part,
  what: z.string(),
  why: z.string().describe('the rule that makes us keep it'),
  until: z.string().nullable().describe('YYYY-MM-DD kept through; null while a loan runs or for good'),
  untilText: z.string(),
});

export const erasurePlanSchema = z.strictObject({
  duty: dutySchema,
  erase: z.array(z.strictObject({ part, what: z.string() })),
  kept: z.array(keptSchema),
});

const answerSchema = z.strictObject({
  duty: dutySchema,
  erased: z.array(z.strictObject({ part, what: z.string(), count: z.number().int() })),
  kept: z.array(keptSchema),
});

export const erasureRequestSchema = z.strictObject({
  id: z.uuid(),
  status,
  reason: z.string().nullable(),
  requestedAt: z.string(),
  carriedOutAt: z.string().nullable(),
  answer: answerSchema.nullable().describe('once carried out: what was erased and what was kept, why and until when'),
});

export const requestedErasureSchema = erasureRequestSchema.extend({ plan: erasurePlanSchema });

export const myErasureRequestsSchema = z.strictObject({
  requests: z.array(erasureRequestSchema),
  preview: erasurePlanSchema.describe('what carrying out a request today would erase and keep'),
});

export const staffErasureRequestSchema = erasureRequestSchema.extend({
  borrowerId: z.uuid(),
  borrowerName: z.string().nullable(),
  carriedOutBy: z.string().nullable(),
});

export const staffErasureRequestDetailSchema = staffErasureRequestSchema.extend({
  plan: erasurePlanSchema.nullable().describe('a waiting request: what carrying it out now would erase and keep'),
});

export const dataExportSchema = z.looseObject({
  kind: z.literal('personal-data-export'),
  generatedAt: z.string(),
  borrowerId: z.uuid(),
  account: z.looseObject({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  sessions: z.array(z.looseObject({})),
  profile: z.array(z.looseObject({})),
  uploads: z.array(z.looseObject({})),
  consents: z.array(z.looseObject({})),
  loans: z.array(z.looseObject({})).describe('applications and loans with schedules and payments; money in paise'),
  helpIssues: z.array(z.looseObject({})),
  messages: z.array(z.looseObject({})),
  pushDevices: z.array(z.looseObject({})),
  erasureRequests: z.array(erasureRequestSchema),
});
