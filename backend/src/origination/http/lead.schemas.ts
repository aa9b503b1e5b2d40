import { z } from 'zod';
import { multiLineText, singleLineText } from '../../platform/text/text-fields.js';
import { LEAD_SOURCES, LEAD_STATUSES } from '../domain/leads.js';

/**
 * Lead requests and answers. The shape is checked here; the rules (an Indian mobile, an email, a real date, the
 * funnel's moves) are the domain's (domain/leads.ts), so each refusal names its field either way.
 */
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'choose a date: day, month and year');
// A period's ends: real dates between 1900 and 2999, as every date the API takes (docs/api.md, bounds).
const periodDate = z.iso
  .date('must be a date, YYYY-MM-DD')
  .refine((v) => v >= '1900-01-01' && v <= '2999-12-31', 'must be between 1900-01-01 and 2999-12-31');
const staffId = z.uuid('must be the id of a staff member');

const fields = {
  name: singleLineText({ min: 1, max: 100 }),
  phone: z.string({ error: 'phone is required' }).max(30, 'must be at most 30 characters'),
  email: z.string().max(254, 'must be at most 254 characters').nullable().optional(),
  followUpOn: date.nullable().optional(),
};

/** An agent's own lead: a walk-in, assigned to them, source `agent`. */
export const agentLeadBody = z.strictObject(fields);
export const createLeadBody = z.strictObject({
  ...fields,
  source: z.enum(['agent', 'import'], { error: 'source must be agent or import (quick start creates its own leads)' }).default('agent'),
  assignedTo: staffId.nullable().optional(),
});
export const updateLeadBody = z.strictObject({ ...fields, assignedTo: staffId.nullable().optional() });

export const leadStatusBody = z.strictObject({
  status: z.enum(LEAD_STATUSES, { error: `status must be one of: ${LEAD_STATUSES.join(', ')}` }),
  reason: singleLineText({ min: 0, max: 500 }).nullable().optional(),
  borrowerId: z.uuid('must be the id of a borrower').nullable().optional(),
});

export const leadNoteBody = z.strictObject({ text: multiLineText({ min: 1, max: 2000 }) });

export const leadListFilter = z.strictObject({
  q: z.string().trim().max(200).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  source: z.enum(LEAD_SOURCES).optional(),
  assignedTo: staffId.optional(),
  id: z.union([z.array(z.uuid('each id must be a lead id')), z.uuid('id must be a lead id')]).optional(),
});
export const agentLeadListFilter = leadListFilter.omit({ assignedTo: true });

export const leadStatusQuery = z.strictObject({ from: periodDate.optional(), to: periodDate.optional() });

export const leadIdParam = z.string().refine((v) => z.uuid().safeParse(v).success, { message: 'the lead id must be a UUID', path: ['id'] });

export const leadSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().describe('+91 and ten digits'),
  email: z.string().nullable(),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  lostReason: z.string().nullable(),
  assignedTo: z.string().nullable(),
  assignedToName: z.string().nullable(),
  followUpOn: z.string().nullable(),
  borrowerId: z.string().nullable(),
  duplicates: z.array(z.string()).describe('ids of other leads with the same phone or email'),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const leadDetailSchema = leadSchema.extend({
  notes: z.array(
    z.strictObject({ id: z.uuid(), text: z.string(), authorId: z.string(), authorName: z.string().nullable(), createdAt: z.string() }),
  ),
  history: z.array(
    z.strictObject({
      id: z.number().int(),
      field: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      reason: z.string().nullable(),
      changedBy: z.string(),
      changedByName: z.string().nullable(),
      changedAt: z.string(),
    }),
  ),
});

const counts = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<T[number], z.ZodNumber>);
export const leadStatusCountsSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  byStatus: counts(LEAD_STATUSES),
  bySource: counts(LEAD_SOURCES),
});

export const leadAgentSchema = z.strictObject({ id: z.string(), name: z.string(), email: z.string() });
