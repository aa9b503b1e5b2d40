import { z } from 'zod';
import { multiLineText } from '../../../platform/text/text-fields.js';
import { MANDATE_KINDS } from '../domain/mandate.events.js';

/**
 * Mandates and presentations (issue 32). Money is integer minor units (paise), dates YYYY-MM-DD. The shape is
 * checked here (400, the field named); what the loan cannot take (a closed loan, a UPI maximum above the limit) is the
 * domain's refusal (409 or 400 with the field named).
 */
const money = z.number().int();
const reason = multiLineText({ min: 1, max: 1000, typeMessage: 'reason is required', minMessage: 'reason is required' });

export const mandateIdParam = z
  .string({ error: 'the mandate id must be a UUID' })
  .refine((v) => z.uuid().safeParse(v).success, { message: 'the mandate id must be a UUID', path: ['id'] });
const PRESENTATION_ID = /^[0-9a-f-]{36}-i\d+-a\d+$/;
export const presentationIdParam = z
  .string({ error: 'the presentation id must be <loanId>-i<instalment>-a<attempt>' })
  .refine((v) => PRESENTATION_ID.test(v), { message: 'the presentation id must be <loanId>-i<instalment>-a<attempt>', path: ['id'] });

export const registerMandateBody = z.strictObject({
  kind: z.enum(MANDATE_KINDS, { error: `kind must be one of ${MANDATE_KINDS.join(', ')}` }),
});
export const pauseMandateBody = z.strictObject({ reason });
export const cancelMandateBody = z.strictObject({ reason });

export const mandateSchema = z.strictObject({
  id: z.uuid(),
  loanId: z.uuid(),
  kind: z.enum(MANDATE_KINDS),
  status: z.enum(['pending', 'active', 'failed', 'paused', 'cancelled']),
  maxAmount: money,
  frequency: z.enum(['monthly', 'as-presented']),
  validFrom: z.string(),
  validUntil: z.string(),
  provider: z.string(),
  providerReference: z.string().nullable().describe('the UMRN for e-NACH; the UPI mandate reference for UPI AutoPay'),
  activeFrom: z.string().nullable(),
  failureReason: z.string().nullable(),
  startedBy: z.string(),
  startedAt: z.string(),
  pauseRequestedBy: z.string().nullable().describe('a pause asked for and waiting for a second person'),
  pauseReason: z.string().nullable(),
  cancelCause: z.string().nullable(),
  updatedAt: z.string(),
});

export const mandateStartedSchema = z.strictObject({
  mandate: mandateSchema,
  redirectUrl: z.string().describe("the provider's authorisation page: send the borrower there"),
});

export const presentationSchema = z.strictObject({
  id: z.string(),
  loanId: z.uuid(),
  mandateId: z.uuid(),
  instalmentNumber: z.number().int(),
  attempt: z.number().int(),
  amount: money,
  dueDate: z.string(),
  presentedOn: z.string(),
  status: z.enum(['presented', 'submitted', 'succeeded', 'bounced']),
  latest: z.boolean().describe('false once a later attempt of the same instalment was presented'),
  reasonCode: z.string().nullable(),
  reason: z.string().nullable(),
  nextAttemptOn: z.string().nullable().describe('bounced: when it is presented again; null: not again (manual collection)'),
  bounceCharge: money.nullable(),
  paymentId: z.uuid().nullable(),
  providerReference: z.string().nullable(),
  updatedAt: z.string(),
});

/** A presentation in the console's lists (presentations by date, the bounce queue), with its borrower. */
export const listedPresentationSchema = presentationSchema.extend({
  borrowerName: z.string().nullable(),
  borrowerPhone: z.string().nullable().describe('to call about a bounce'),
});

export const loanMandatesSchema = z.strictObject({
  mandates: z.array(mandateSchema),
  presentations: z.array(presentationSchema),
  manualCollections: z.array(
    z.strictObject({ instalmentNumber: z.number().int(), attempt: z.number().int(), code: z.string(), detail: z.string(), on: z.string() }),
  ),
});

export const mandateWebhookAnswerSchema = z.strictObject({
  received: z.literal(true),
  about: z.enum(['mandate', 'presentation']),
  id: z.string(),
});

export const mandateListFilter = z.strictObject({
  status: z.enum(['pending', 'active', 'failed', 'paused', 'cancelled']).optional(),
  kind: z.enum(MANDATE_KINDS).optional(),
  loanId: z.uuid('loanId must be a loan id').optional(),
  id: z.union([z.uuid(), z.array(z.uuid())]).optional(),
});

export const presentationListFilter = z.strictObject({
  status: z.enum(['presented', 'submitted', 'succeeded', 'bounced']).optional(),
  presentedOn: z.iso.date('presentedOn must be a date (YYYY-MM-DD)').optional(),
  loanId: z.uuid('loanId must be a loan id').optional(),
});

export const presentationResultBody = z.strictObject({
  reasonCode: z.string().trim().min(1).max(50).optional(),
});

export const presentationsRunBody = z.strictObject({
  date: z.iso.date('date must be a date (YYYY-MM-DD)').optional().describe('not after the business date; default the business date'),
});

export const presentationsRunSchema = z.strictObject({
  date: z.string(),
  loansVisited: z.number().int(),
  decisions: z.number().int().describe('instalments presented or sent to manual collection by this run'),
  sent: z.number().int().describe('presentations sent to the provider (those left by an earlier run included)'),
  failedLoans: z.number().int(),
});
