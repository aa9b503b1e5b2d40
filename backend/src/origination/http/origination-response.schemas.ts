import { z } from 'zod';
import { DOCUMENT_KINDS } from '../domain/documents.js';
import { CONSENT_PURPOSES } from '../domain/consents.js';
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

/** A consent the borrower gave (DPDP Act, issue 33 item 5), with the text it was given to. */
export const consentSchema = z.strictObject({
  id: z.string(),
  purpose: z.enum(CONSENT_PURPOSES),
  label: z.string().describe('the purpose in plain words'),
  version: z.string().describe("the text's version"),
  textHash: z.string().describe('SHA-256 (hex) of the exact text shown'),
  text: z.string(),
  channel: z.string().describe('where it was given: quick-start or agreement-signing'),
  givenAt: z.string(),
  withdrawnAt: z.string().nullable(),
  withdrawal: z
    .union([z.strictObject({ allowed: z.literal(true) }), z.strictObject({ allowed: z.literal(false), reason: z.string() })])
    .nullable()
    .describe('whether it may be withdrawn now, and why not; null once withdrawn'),
});

/** A consent the borrower may give at any time, with the text to read. */
export const givableConsentSchema = z.strictObject({
  purpose: z.enum(['communications']),
  label: z.string(),
  version: z.string(),
  text: z.string(),
  inForce: z.boolean(),
});

export const giveConsentBody = z.strictObject({
  version: z.string({ error: 'version must be the version of the text you read' }).trim().min(1, 'is required').max(40),
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
