import { z } from 'zod';
import { DOCUMENT_KINDS } from '../domain/documents.js';
import { PROFILE_SECTIONS } from '../domain/profile-sections.js';

/** What the origination endpoints answer: OpenAPI is generated from these and the API tests parse real answers. */
export const sectionSchema = z.strictObject({
  section: z.enum(PROFILE_SECTIONS),
  status: z.enum(['missing', 'complete', 'verified', 'rejected']),
  reason: z.string().nullable().describe('why staff rejected it'),
  updatedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable().describe("the section's fields; a bank account number is masked"),
});

export const documentSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  contentType: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
  size: z.number().int(),
  createdAt: z.string(),
});

export const problemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  message: z.string(),
  fields: z.array(z.strictObject({ name: z.string(), message: z.string() })).optional(),
});

export const openApi = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
