import { z } from 'zod';
import { EMAIL_STATUSES } from '../domain/email.js';

/** What the email endpoints answer: OpenAPI is generated from it and the API tests parse real answers with it. */
export const emailSchema = z.strictObject({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string().nullable().describe("the kind of message (the template event), e.g. 'password-reset'"),
  templateId: z.uuid().nullable().describe('the email template it was rendered from (null: the shipped default in code, or no template)'),
  templateVersion: z.number().int().nullable().describe('the version of that template'),
  userId: z.uuid().nullable(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int().describe('delivery attempts so far'),
  lastError: z.string().nullable().describe('the last delivery error; cleared when the email is sent'),
  messageId: z.string().nullable().describe("the SMTP Message-ID once sent"),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});

export const problemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  message: z.string(),
  instance: z.string().optional(),
  fields: z.array(z.strictObject({ name: z.string(), message: z.string() })).optional(),
});

/** JSON Schema for @nestjs/swagger decorators. */
export const openApi = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
