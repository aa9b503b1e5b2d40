import { z } from 'zod';
import { CONSENT_KEYS, QUICK_START_STEPS } from '../domain/quick-start.js';

/** The proof of the phone, as `POST /api/public/otp/verify` answered it (purpose quick-start). */
export const proofBody = z.strictObject({
  proof: z.string().max(4000, 'is not a proof').optional().describe('from POST /api/public/otp/verify (purpose quick-start)'),
});

/** A step's body is its fields plus `proof`: the proof apart, the fields to parse with the step's schema. */
export function splitProof(body: unknown): { proof: string | undefined; fields: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { proof: undefined, fields: body };
  const { proof, ...fields } = body as Record<string, unknown>;
  return { proof: typeof proof === 'string' ? proof : undefined, fields };
}

const PAGES = ['Step0', 'Step1', 'Step2', 'Step3', 'Step4', 'Step5'] as const;

/** What every quick start call answers. */
export const quickStartSchema = z.strictObject({
  phone: z.string(),
  next: z.enum(PAGES).describe('the page to continue on: the first unanswered step, or Step5 (review) when all are answered'),
  missing: z.array(z.enum(QUICK_START_STEPS)),
  answers: z
    .strictObject({
      basic: z
        .strictObject({
          name: z.string(),
          email: z.string(),
          dateOfBirth: z.string(),
          gender: z.enum(['female', 'male', 'other', 'undisclosed']),
          maritalStatus: z.enum(['single', 'married', 'divorced', 'widowed']),
        })
        .optional(),
      employment: z.strictObject({ employmentType: z.enum(['salaried', 'selfEmployed']), employer: z.string() }).optional(),
      income: z.strictObject({ monthlyNetIncome: z.number().int().describe('paise'), payDayOfMonth: z.number().int() }).optional(),
      loan: z
        .strictObject({
          type: z.enum(['EMI', 'salaryAdvance']),
          productId: z.string().optional(),
          amount: z.number().int().describe('paise'),
          tenureMonths: z.number().int().optional(),
        })
        .optional(),
      consents: z
        .record(
          z.enum(CONSENT_KEYS as [string, ...string[]]),
          z.strictObject({ accepted: z.literal(true), version: z.string(), at: z.string() }),
        )
        .optional(),
    })
    .describe('what was answered so far'),
  resumableUntil: z.string().describe('the same phone resumes this quick start until then (30 days after the last answer)'),
  consents: z
    .array(z.strictObject({ key: z.enum(CONSENT_KEYS as [string, ...string[]]), version: z.string(), text: z.string() }))
    .describe('the texts to show, with the version to send back'),
});

/** The borrower as login answers them (identity's public user). */
const signedInUser = z.strictObject({
  _id: z.uuid(),
  id: z.uuid(),
  role: z.enum(['borrower', 'staff']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  roleId: z.string().nullable(),
  permissions: z.array(z.string()),
  createdAt: z.string(),
});

export const quickStartFinishedSchema = z.strictObject({
  token: z.string().describe('as at login; also set as the HttpOnly cookie "token"'),
  deviceId: z.string(),
  user: signedInUser,
  loan: z.strictObject({ id: z.uuid(), type: z.enum(['EMI', 'salaryAdvance']), state: z.string() }),
  next: z.string().describe("where to land: the application's next step in the portal"),
});
