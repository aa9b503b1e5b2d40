import { z } from 'zod';
import { IVR_OUTCOMES } from '../application/channels/receive-ivr-call.handler.js';
import { PHONE_FIELD_MESSAGE, phoneField } from '../../platform/phone/phone-number.js';
import { MAX_TEMPLATE_PARAMETER, MAX_WHATSAPP_TEXT } from '../domain/whatsapp-message.js';

const phone = (field: string) => phoneField(`${field} ${PHONE_FIELD_MESSAGE}`);

/** POST /api/webhooks/whatsapp: one inbound message (documented in docs/communications.md). */
export const whatsappWebhookBody = z.strictObject({
  messageId: z.string().trim().min(1, 'messageId is required').max(200, 'messageId must be at most 200 characters'),
  from: phone('from'),
  text: z.string().min(1, 'text is required').max(MAX_WHATSAPP_TEXT, `text must be at most ${MAX_WHATSAPP_TEXT} characters`),
  timestamp: z.iso.datetime({ offset: true, error: 'timestamp must be an ISO 8601 date-time' }),
});

/** POST /api/webhooks/ivr: one finished call. */
export const ivrWebhookBody = z
  .strictObject({
    callId: z.string().trim().min(1, 'callId is required').max(200, 'callId must be at most 200 characters'),
    loanId: z.uuid('loanId must be our loan id (the reference the call was started with)').optional(),
    to: phone('to'),
    outcome: z.enum(IVR_OUTCOMES, { error: `outcome must be one of ${IVR_OUTCOMES.join(', ')}` }),
    promiseToPayOn: z.iso.date('promiseToPayOn must be a date (YYYY-MM-DD)').optional(),
    durationSeconds: z.number().int().min(0).max(86_400).optional(),
    endedAt: z.iso.datetime({ offset: true, error: 'endedAt must be an ISO 8601 date-time' }),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'promised-to-pay' && !body.promiseToPayOn)
      ctx.addIssue({ code: 'custom', path: ['promiseToPayOn'], message: 'promiseToPayOn is required with promised-to-pay' });
  });

export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean(), id: z.uuid() });
export const ivrReceiptSchema = webhookReceiptSchema.extend({ contactLogged: z.boolean(), contactError: z.string().nullable() });

export const sendWhatsappBody = z.union(
  [
    z.strictObject({
      borrowerId: z.uuid('borrowerId must be a borrower id').optional(),
      loanId: z.uuid('loanId must be a loan id').optional(),
      text: z.string().min(1, 'text is required').max(MAX_WHATSAPP_TEXT, `text must be at most ${MAX_WHATSAPP_TEXT} characters`),
    }),
    z.strictObject({
      borrowerId: z.uuid('borrowerId must be a borrower id').optional(),
      loanId: z.uuid('loanId must be a loan id').optional(),
      templateName: z.string().min(1, 'templateName is required').max(100),
      parameters: z
        .array(z.string().max(MAX_TEMPLATE_PARAMETER, `each parameter must be at most ${MAX_TEMPLATE_PARAMETER} characters`))
        .max(10)
        .default([]),
    }),
  ],
  { error: 'send either text, or templateName with parameters' },
);

const windowSchema = z.object({
  open: z.boolean(),
  closesAt: z.string().nullable().describe('when free text stops being allowed (or stopped)'),
});

export const whatsappMessageSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['inbound', 'outbound']),
  body: z.string(),
  templateName: z.string().nullable(),
  status: z.string().describe('received (inbound); sent, or recorded by the development adapter (outbound)'),
  loanId: z.string().nullable(),
  sentBy: z.string().nullable(),
  at: z.string(),
});

export const sentWhatsappSchema = whatsappMessageSchema.extend({ conversationId: z.string() });

export const conversationSummarySchema = z.object({
  id: z.string().describe("the borrower's id, or the phone number when no borrower has it"),
  phone: z.string(),
  borrowerId: z.string().nullable(),
  borrowerName: z.string().nullable(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  lastInboundAt: z.string().nullable(),
  messages: z.number().int(),
  window: windowSchema,
});

export const conversationSchema = z.object({
  id: z.string(),
  phone: z.string(),
  borrowerId: z.string().nullable(),
  borrowerName: z.string().nullable(),
  lastInboundAt: z.string().nullable(),
  window: windowSchema,
  messages: z.array(whatsappMessageSchema),
});

export const whatsappTemplateSchema = z.object({ id: z.string(), name: z.string(), body: z.string(), parameters: z.array(z.string()) });

export const conversationListFilter = z.strictObject({
  borrowerId: z.uuid('borrowerId must be a borrower id').optional(),
  open: z.boolean({ error: 'open must be true or false' }).optional(),
});

export const conversationIdParam = z.union([z.uuid(), z.string().regex(/^\+\d{10,15}$/)], {
  error: "a conversation id is a borrower's id or a phone number (+ and 10 to 15 digits)",
});

export const ivrCallSchema = z.object({
  id: z.uuid(),
  providerCallId: z.string(),
  loanId: z.string().nullable(),
  phone: z.string(),
  borrowerName: z.string().nullable(),
  status: z.enum(['requested', 'completed']),
  outcome: z.enum(IVR_OUTCOMES).nullable(),
  promiseToPayOn: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  endedAt: z.string().nullable(),
  contactLogged: z.boolean().describe("the outcome is in the loan's collections contact log"),
  contactError: z.string().nullable().describe('why the contact log did not take it'),
  createdAt: z.string(),
});

export const ivrListFilter = z.strictObject({
  outcome: z.enum(IVR_OUTCOMES, { error: `outcome must be one of ${IVR_OUTCOMES.join(', ')}` }).optional(),
  status: z.enum(['requested', 'completed'], { error: 'status must be requested or completed' }).optional(),
  loanId: z.uuid('loanId must be a loan id').optional(),
  phone: z.string().max(20).optional(),
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO 8601 date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO 8601 date-time' }).optional(),
});

export const requestIvrCallBody = z.strictObject({ loanId: z.uuid('loanId must be a loan id') });

export const dialerWindowSchema = z.object({
  open: z.boolean(),
  opens: z.string(),
  closes: z.string(),
  localTime: z.string().describe('now in the business time zone, YYYY-MM-DD HH:MM'),
  reason: z.string().nullable().describe('why calls are off now'),
  opensAt: z.string().nullable(),
});

export const dialerQueueSchema = z.object({
  window: dialerWindowSchema,
  loans: z.array(
    z.object({
      id: z.string(),
      loanId: z.string(),
      borrowerName: z.string().nullable(),
      phone: z.string().nullable(),
      dpd: z.number().int(),
      classification: z.string(),
      amountOverdue: z.number().int().describe('minor units'),
      overdueInstalments: z.number().int(),
      lastContactAt: z.string().nullable(),
      promiseToPayOn: z.string().nullable(),
      assignedToName: z.string().nullable(),
    }),
  ),
});

export const placeDialerCallBody = z.strictObject({ loanId: z.uuid('loanId must be a loan id') });

export const dialerCallSchema = z.object({
  id: z.uuid(),
  loanId: z.string(),
  phone: z.string(),
  providerCallId: z.string(),
  startedAt: z.string(),
  outcome: z.string().nullable(),
  note: z.string().nullable(),
  outcomeAt: z.string().nullable(),
});

export const DIALER_OUTCOMES = ['answered', 'no-answer', 'promised-to-pay', 'wrong-number', 'callback', 'refused', 'paid'] as const;

export const dialerOutcomeBody = z.strictObject({
  outcome: z.enum(DIALER_OUTCOMES, { error: `outcome must be one of ${DIALER_OUTCOMES.join(', ')}` }),
  note: z.string().max(2000, 'note must be at most 2000 characters').default(''),
  promiseToPayOn: z.iso.date('promiseToPayOn must be a date (YYYY-MM-DD)').optional(),
});

export const recordedDialerOutcomeSchema = dialerCallSchema.extend({ businessDate: z.string(), position: z.number().int() });
