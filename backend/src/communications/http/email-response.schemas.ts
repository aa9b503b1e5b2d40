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
  templateSource: z
    .enum(['active', 'shipped'])
    .nullable()
    .describe(
      "'active': the event's active template (templateId, templateVersion); 'shipped': the product's default in code, used when no template of the event is active; null: before this was recorded, or no template",
    ),
  userId: z.uuid().nullable(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int().describe('delivery attempts so far'),
  lastError: z.string().nullable().describe('the last delivery error; cleared when the email is sent'),
  messageId: z.string().nullable().describe('the SMTP Message-ID once sent'),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});

/** One email with the names and sizes of its files (never their bytes). */
export const emailDetailSchema = emailSchema.extend({
  attachments: z
    .array(z.strictObject({ filename: z.string(), contentType: z.string(), sizeBytes: z.number().int() }))
    .describe('the files sent with it (the signed agreement and the KFS on signing): names and sizes only'),
});

// The problem schema and openApi() live once, in platform; re-exported for this context's controllers.
export { openApi, problemSchema } from '../../platform/http/openapi-schemas.js';
