import { z } from 'zod';
import { BANK_VERIFICATION_METHODS } from '../../pipeline/domain/bank-verification.js';
import { LOAN_ACTIONS } from '../domain/loan-actions.js';
import { LOAN_EVENT_TYPES } from '../domain/loan.events.js';
import { LOAN_STATES } from '../domain/loan.types.js';
import { CLASSIFICATIONS } from '../../collections/domain/delinquency.js';
import { LOAN_QUEUES } from '../application/queries/loan-queues.js';
import { loanServicingFields, refundsField } from './loan-servicing.schemas.js';

/**
 * What the loan endpoints answer, as schemas: OpenAPI is generated from them (so the frontends can take their
 * types from /api/docs/openapi.json), and the API tests parse real answers with them (so the two cannot drift).
 * Money is integer minor units; times are ISO 8601.
 */
const money = z.number().int();
const actor = z.strictObject({ id: z.string(), role: z.enum(['borrower', 'staff']) });
const gate = z.strictObject({ at: z.string(), actor });
const dpd = z.number().int().describe('days past due, as close of business last recorded them (at the last classification change)');
const classification = z.enum(CLASSIFICATIONS).describe('the RBI classification (circular of 12 Nov 2021) close of business last recorded');
const nullableGate = z
  .strictObject({ at: z.string(), actor: z.strictObject({ id: z.string().nullable(), role: z.enum(['borrower', 'staff']) }) })
  .nullable();

export const scheduleLineSchema = z.strictObject({
  number: z.number().int(),
  dueDate: z.string(),
  principal: money,
  interest: money,
  balance: money,
});

export const agreementTermsSchema = z.strictObject({
  principal: money,
  annualRatePercent: z.number(),
  tenureMonths: z.number().int(),
  fee: money,
  instalmentAmount: money,
  totalInterest: money,
  totalPayable: money,
  currency: z.string(),
});

const agreementSchema = z.strictObject({ documentHash: z.string(), issuedAt: z.string(), terms: agreementTermsSchema });

/** The loan's terms, in the staff and the borrower view alike. */
const loanTermsFields = {
  id: z.uuid(),
  type: z.enum(['EMI', 'salaryAdvance']),
  state: z.enum(LOAN_STATES),
  borrowerId: z.uuid(),
  amount: money,
  approvedAmount: money.nullable(),
  principal: money,
  tenureMonths: z.number().int(),
  annualRatePercent: z.number(),
  fee: money,
  currency: z.string(),
  payDayOfMonth: z.number().int().nullable(),
  product: z
    .strictObject({ id: z.uuid(), version: z.number().int(), code: z.string(), name: z.string() })
    .nullable()
    .describe('the product version the loan is applied under; null for loans started before products were data'),
};

/** The staff view of a loan (/api/admin/loans*). */
export const loanSchema = z.strictObject({
  ...loanTermsFields,
  score: z.number().int().nullable().describe('null before the soft check'),
  bankAccountLast4: z.string().nullable(),
  bankVerification: z
    .strictObject({
      method: z.enum(BANK_VERIFICATION_METHODS),
      ifsc: z.string().nullable(),
      reference: z.string().nullable().describe("the penny drop provider's reference"),
    })
    .nullable()
    .describe('how the bank account was verified; null before, and for loans verified before it was recorded'),
  agreement: agreementSchema.nullable(),
  signedAt: z.string().nullable(),
  payoutReference: z.string().nullable(),
  disbursedOn: z.string().nullable(),
  schedule: z.array(scheduleLineSchema).nullable().describe('fixed at disbursal; null before'),
  dpd,
  classification,
  createdAt: z.string(),
  updatedAt: z.string(),
  lastActor: actor,
  lastReason: z.string().nullable(),
  approvals: z.strictObject({ soft: gate.optional(), bank: gate.optional(), consent: gate.optional(), final: gate.optional() }),
  version: z.number().int(),
  allowedActions: z.array(z.enum(LOAN_ACTIONS)).describe("what the caller's role may do next"),
});

const gateTime = z.strictObject({ at: z.string() });

/**
 * The borrower's view of their loan (every /api/me/loans* answer): no staff identity, no staff note, no score.
 * `reason` is the reason the loan ended, given only on a rejected or cancelled loan.
 */
export const myLoanSchema = z.strictObject({
  ...loanTermsFields,
  bankAccountLast4: z.string().nullable(),
  agreement: agreementSchema.nullable(),
  signedAt: z.string().nullable(),
  payoutReference: z.string().nullable(),
  disbursedOn: z.string().nullable(),
  schedule: z.array(scheduleLineSchema).nullable().describe('fixed at disbursal; null before'),
  createdAt: z.string(),
  updatedAt: z.string(),
  reason: z.string().nullable().describe('why the loan ended: only on a rejected or cancelled loan, else null'),
  approvals: z
    .strictObject({ soft: gateTime.optional(), bank: gateTime.optional(), consent: gateTime.optional(), final: gateTime.optional() })
    .describe('when each gate was passed (never by whom)'),
  version: z.number().int(),
  allowedActions: z.array(z.enum(LOAN_ACTIONS)).describe('what the borrower may do next'),
});

const borrower = z.strictObject({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable() });

/** A command's answer: the loan after it, the log position of its last event and the events it appended. */
export const commandResultSchema = loanSchema.extend({ position: z.number().int(), events: z.array(z.enum(LOAN_EVENT_TYPES)) });
export const loanDetailSchema = loanSchema.extend({ borrower, ...loanServicingFields, ...refundsField, position: z.number().int() });
export const myCommandResultSchema = myLoanSchema.extend({ position: z.number().int(), events: z.array(z.enum(LOAN_EVENT_TYPES)) });
export const myLoanDetailSchema = myLoanSchema.extend({ borrower, ...loanServicingFields, position: z.number().int() });
export const loanAsOfSchema = loanSchema.extend({ ...loanServicingFields, ...refundsField, asOf: z.string(), position: z.number().int() });

export const loanRowSchema = z.strictObject({
  id: z.uuid(),
  currency: z.string().describe('ISO code of every amount in the row (minor units)'),
  type: z.enum(['EMI', 'salaryAdvance']),
  state: z.enum(LOAN_STATES),
  borrowerId: z.uuid(),
  borrower,
  amount: money,
  approvedAmount: money.nullable(),
  tenureMonths: z.number().int(),
  annualRatePercent: z.number(),
  fee: money,
  score: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  disbursedOn: z.string().nullable(),
  dpd,
  classification,
  lastActor: actor,
  lastReason: z.string().nullable(),
  approvals: z.strictObject({ soft: nullableGate, bank: nullableGate, consent: nullableGate, final: nullableGate }),
});

export const myTimelineEntrySchema = z.strictObject({
  position: z.number().int(),
  type: z.string().describe('the event, e.g. LoanApplicationSubmitted'),
  stateAfter: z.string(),
  at: z.string().describe('business time of the event'),
  by: z.enum(['you', 'lender']),
  reason: z.string().nullable().describe('only on LoanRejected and LoanApplicationCancelled'),
});

export const historyEntrySchema = z.strictObject({
  position: z.number().int(),
  version: z.number().int(),
  type: z.enum(LOAN_EVENT_TYPES),
  data: z.record(z.string(), z.unknown()),
  actor: actor.nullable(),
  reason: z.string().nullable(),
  at: z.string().nullable().describe('business time of the event'),
  recordedAt: z.string(),
  stateAfter: z.enum(LOAN_STATES),
});

export const activityDaySchema = z.strictObject({
  day: z.string().describe('YYYY-MM-DD (UTC)'),
  applications: z.number().int().describe('applications submitted that day'),
  approvals: z.number().int().describe('final approvals granted that day'),
  disbursals: z.number().int().describe('loans paid out that day (payout date)'),
});

export const queueCountsSchema = z.strictObject(
  Object.fromEntries(LOAN_QUEUES.map((q) => [q, z.number().int()])) as Record<(typeof LOAN_QUEUES)[number], z.ZodNumber>,
);

export const emiQuoteSchema = z.strictObject({
  emi: money,
  totalInterest: money,
  totalPayable: money,
  schedule: z.array(z.strictObject({ number: z.number().int(), principal: money, interest: money, balance: money })),
});

export const notificationSchema = z.strictObject({
  id: z.string(),
  loanId: z.uuid(),
  eventType: z.string(),
  message: z.string(),
  createdAt: z.string(),
});

// The problem schema and openApi() live once, in platform; re-exported for this context's controllers.
export { openApi, problemSchema } from '../../../platform/http/openapi-schemas.js';
