import { z } from 'zod';
import { multiLineText, singleLineText } from '../../../platform/text/text-fields.js';
import { LOAN_QUEUES } from '../application/queries/loan-queues.js';
import { BANK_VERIFICATION_METHODS } from '../../pipeline/domain/bank-verification.js';

const minor = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of minor units (paise)` })
    .int(`${what} must be a whole number of minor units (paise)`)
    .positive(`${what} must be greater than 0`);
/** A calendar day the database stores and the schedule math handles (PostgreSQL has no year 0). */
const calendarDay = (name: string) =>
  z.iso
    .date(`${name} must be a date (YYYY-MM-DD)`)
    .refine((v) => v >= '1900-01-01' && v <= '2999-12-31', `${name} must be between 1900-01-01 and 2999-12-31`);
// Notes and reasons are free text over several lines (they reach borrowers' messages); references are one line.
const note = multiLineText({ max: 1000 }).optional();
const requiredNote = (name: string) =>
  multiLineText({ min: 1, max: 1000, typeMessage: `${name} is required`, minMessage: `${name} is required` });
const requiredLine = (name: string) =>
  singleLineText({ min: 1, max: 1000, typeMessage: `${name} is required`, minMessage: `${name} is required` });

export const startLoanBody = z.strictObject({
  type: z.enum(['EMI', 'salaryAdvance'], { error: 'type must be EMI or salaryAdvance' }),
  amount: minor('amount'),
  tenureMonths: z.number().int('tenureMonths must be a whole number').positive().optional(),
  payDayOfMonth: z.number().int('payDayOfMonth must be a whole number').min(1).max(28, 'payDayOfMonth must be between 1 and 28').optional(),
  productId: z
    .uuid('productId must be a product id (GET /api/public/products lists them)')
    .optional()
    .describe('default: the first active product of the type'),
});

export const amendLoanBody = z
  .strictObject({
    amount: minor('amount').optional(),
    tenureMonths: z.number().int('tenureMonths must be a whole number').positive().optional(),
  })
  .refine((b) => b.amount !== undefined || b.tenureMonths !== undefined, {
    message: 'give amount or tenureMonths to change',
    path: ['amount'],
  });

export const noteBody = z.strictObject({ reason: note });
export const reasonBody = z.strictObject({ reason: requiredNote('reason') });
export const signAgreementBody = z.strictObject({
  documentHash: z
    .string({ error: 'documentHash is required' })
    .trim()
    .regex(/^[0-9a-f]{64}$/, 'documentHash must be the SHA-256 (64 hex digits) of the agreement you were shown'),
});
export const approveSoftBody = z.strictObject({
  score: z
    .number({ error: 'score is required' })
    .int('score must be a whole number')
    .min(300, 'score must be between 300 and 900')
    .max(900, 'score must be between 300 and 900'),
  approvedAmount: minor('approvedAmount').optional(),
  reason: note,
});
export const approveBankBody = z
  .strictObject({
    method: z
      .enum(BANK_VERIFICATION_METHODS, { error: 'method must be penny-drop or manual' })
      .describe(
        'penny-drop: a small credit through the PennyDrop port, whose bank answer must name the borrower; manual: checked by staff (a cancelled cheque, a statement), with a reason',
      ),
    reason: note.describe('required for manual: how the account was checked'),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'manual' && !body.reason?.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'reason is required for a manual verification: say how the account was checked',
      });
  });
export const disburseBody = z.strictObject({
  payoutReference: requiredLine('payoutReference'),
  disbursedOn: calendarDay('disbursedOn').optional(),
  /**
   * The account paid, when staff name it: it must be the borrower's verified Bank section (RBI Digital Lending
   * Directions 2025, no pass-through); without it the payout is recorded to that account.
   */
  payeeAccount: z
    .strictObject({
      accountNumber: z
        .string({ error: 'payeeAccount.accountNumber is required' })
        .regex(/^[0-9][0-9 -]{7,22}[0-9]$/, 'payeeAccount.accountNumber must be 9 to 24 digits'),
      ifsc: z
        .string({ error: 'payeeAccount.ifsc is required' })
        .regex(/^[A-Za-z]{4}0[A-Za-z0-9]{6}$/, 'payeeAccount.ifsc must be an IFSC: 4 letters, 0, then 6 letters or digits'),
    })
    .optional(),
  reason: note,
});

export const emiQuery = z.object({
  principal: z.coerce
    .number({ error: 'principal must be a number' })
    .int('principal must be a whole number of minor units')
    .positive('principal must be greater than 0')
    .max(1e13, 'principal is too large'),
  annualRatePercent: z.coerce
    .number({ error: 'annualRatePercent must be a number' })
    .min(0, 'annualRatePercent must be between 0 and 100')
    .max(100, 'annualRatePercent must be between 0 and 100'),
  months: z.coerce
    .number({ error: 'months must be a number' })
    .int('months must be a whole number')
    .min(1, 'months must be between 1 and 600')
    .max(600, 'months must be between 1 and 600'),
});

export const loanListFilter = z.strictObject({
  // The spec's admin paths spell queues with a slash (soft/pending, Active); both spellings name the same queue.
  queue: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.replace('/', '.').replace(/^Active$/, 'active') : v),
      z.enum(LOAN_QUEUES, { error: `queue must be one of: ${LOAN_QUEUES.join(', ')}` }),
    )
    .optional(),
  type: z.enum(['EMI', 'salaryAdvance'], { error: 'type must be EMI or salaryAdvance' }).optional(),
  q: z.string().trim().max(200).optional(),
  id: z.union([z.array(z.uuid('each id must be a loan id')), z.uuid('id must be a loan id')]).optional(),
  borrowerId: z.uuid('borrowerId must be a user id').optional(),
  createdFrom: z.iso.datetime({ offset: true, error: 'createdFrom must be an ISO date-time' }).or(z.iso.date()).optional(),
  createdTo: z.iso.datetime({ offset: true, error: 'createdTo must be an ISO date-time' }).or(z.iso.date()).optional(),
});

/** A single path or query value, reported under its own name (a bare schema would report it as "(body)"). */
const named = (name: string, check: z.ZodType<string>, message: string) =>
  z.string({ error: message }).refine((v) => check.safeParse(v).success, { message, path: [name] });

export const uuidParam = named('id', z.uuid(), 'the loan id must be a UUID');
export const paymentIdParam = named('id', z.uuid(), 'the payment id must be a UUID');
export const refundIdParam = named('refundId', z.uuid(), 'the refund id must be a UUID');
export const offerIdParam = named('id', z.uuid(), 'the settlement offer id must be a UUID');
export const asOfParam = named('asOf', z.iso.datetime({ offset: true }), 'asOf must be an ISO date-time such as 2026-11-21T10:00:00Z');

/** The dashboard graph's period: whole UTC days, at most a year. */
export const activityQuery = z
  .strictObject({
    from: calendarDay('from'),
    to: calendarDay('to'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'the period may be at most 367 days',
    path: ['to'],
  });
