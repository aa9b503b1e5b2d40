import { z } from 'zod';
import { multiLineText, singleLineText } from '../../../platform/text/text-fields.js';
import { instalmentSchema, outstandingSchema } from '../../loan/http/loan-servicing.schemas.js';
import { MANDATE_PAYMENT_METHODS, OFFLINE_PAYMENT_METHODS } from '../domain/payment.events.js';

/**
 * Requests and answers of servicing (issue 12): payments, refunds, instalments, outstanding amounts, the ledger,
 * foreclosure quotes. Money is integer minor units (paise), dates YYYY-MM-DD. The amount rules (a whole number
 * greater than 0) and the date rules (not after the business date) are the domain's, so every refusal names its field.
 */
const money = z.number().int();
const amount = z.number({ error: 'amount must be a whole number of minor units (paise) greater than 0' });
const reason = multiLineText({ min: 1, max: 1000, typeMessage: 'reason is required', minMessage: 'reason is required' });

const reducePrincipal = z
  .boolean({ error: 'reducePrincipal must be true or false' })
  .default(false)
  .describe(
    "pay extra to reduce principal: beyond what is due on the value date, the money prepays principal (by the product's prepayment mode) instead of paying the next instalments",
  );
export const recordPaymentBody = z.strictObject({
  amount,
  paidOn: z.string({ error: 'paidOn must be a date (YYYY-MM-DD)' }).describe('the value date: not after the business date'),
  method: z.enum(OFFLINE_PAYMENT_METHODS, { error: `method must be one of ${OFFLINE_PAYMENT_METHODS.join(', ')}` }),
  reference: singleLineText({ max: 200 }).default('').describe('UTR, UPI reference or cheque number; required except for cash'),
  reducePrincipal,
});
/** What a payment would do, before it is made (staff may pick the value date; a borrower's is the business date). */
export const paymentPreviewBody = z.strictObject({
  amount,
  paidOn: z.iso.date('paidOn must be a date (YYYY-MM-DD)').optional().describe('the value date; the business date when left out'),
  reducePrincipal,
});
export const onlinePaymentBody = z.strictObject({ amount, reducePrincipal });
export const paymentReasonBody = z.strictObject({ reason });
export const refundBody = z.strictObject({ amount });
export const quoteQuery = z.strictObject({ date: z.iso.date('date must be a date (YYYY-MM-DD)').optional() });

const paymentStatus = z.enum(['created', 'pending', 'applied', 'rejected', 'failed', 'mismatched', 'reversed']);
const method = z.enum([...OFFLINE_PAYMENT_METHODS, 'online', ...MANDATE_PAYMENT_METHODS]);

export const paymentSchema = z.strictObject({
  id: z.uuid(),
  loanId: z.uuid(),
  channel: z.enum(['online', 'offline']),
  method,
  amount: money,
  paidOn: z.string().nullable().describe('value date: an offline payment as recorded, an online one once captured'),
  reference: z.string().nullable(),
  status: paymentStatus,
  flagged: z.boolean().describe('a captured amount other than the order: for staff to look at, never applied'),
  recordedBy: z.string(),
  recordedAt: z.string(),
  verifiedBy: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  provider: z.string().nullable(),
  providerOrderId: z.string().nullable(),
  providerReference: z.string().nullable(),
  capturedAmount: money.nullable(),
  reversalRequestedBy: z.string().nullable().describe('a reversal waiting for a second person: who asked'),
  reversalReason: z.string().nullable(),
  reversedBy: z.string().nullable(),
  reversedOn: z.string().nullable(),
  updatedAt: z.string(),
});

export const myPaymentSchema = z.strictObject({
  paymentId: z.uuid(),
  loanId: z.uuid(),
  channel: z.enum(['online', 'offline']),
  method,
  amount: money,
  paidOn: z.string().nullable(),
  status: paymentStatus,
  final: z.boolean().describe('true once the status will not change by itself (stop polling)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const onlinePaymentCreatedSchema = z.strictObject({ paymentId: z.uuid(), status: z.literal('created'), redirectUrl: z.string() });
export const webhookAnswerSchema = z.strictObject({ received: z.literal(true), paymentId: z.uuid(), status: paymentStatus });

export const foreclosureQuoteSchema = z.strictObject({
  date: z.string(),
  principal: money,
  interest: money,
  fees: money,
  penalties: money,
  total: money,
});
export const transactionSchema = z.strictObject({
  id: z.string(),
  type: z.enum([
    'disbursement',
    'repayment',
    'reversal',
    'charge',
    'waiver',
    'refund',
    'settlement',
    'write-off',
    'cooling-off-exit',
    'recovery',
  ]),
  date: z.string(),
  amount: money,
  principal: money,
  interest: money,
  fees: money,
  penalties: money,
  balanceAfter: money.describe('principal still owed after this line'),
  paymentId: z.string().nullable(),
});

export const paymentPreviewSchema = z.strictObject({
  date: z.string().describe('the value date the payment was previewed on'),
  amount: money,
  reducePrincipal: z.boolean(),
  allocated: z
    .strictObject({ principal: money, interest: money, fees: money, penalties: money, toCreditBalance: money })
    .describe('how the payment would be split; toCreditBalance is what goes beyond everything owed'),
  instalments: z.array(instalmentSchema).describe('the schedule after the payment, each status on that date'),
  outstanding: outstandingSchema,
  instalmentAmount: money.describe('the EMI in force after the payment'),
});
