import { z } from 'zod';
import { multiLineText } from '../../../platform/text/text-fields.js';

/**
 * Settlement offers and write-offs (issue 13 item 5). Money is integer minor units (paise), dates YYYY-MM-DD. The
 * shape is checked here (400, the field named); what the loan cannot take (an amount above what is owed, a
 * validUntil before the business date) is the domain's refusal (422, the field named).
 */
const money = z.number().int();
const reason = multiLineText({ min: 1, max: 1000, typeMessage: 'reason is required', minMessage: 'reason is required' });

export const settlementOfferBody = z.strictObject({
  amount: z
    .number({ error: 'amount must be a whole number of minor units (paise) greater than 0' })
    .describe('at most the total outstanding'),
  validUntil: z.iso.date('validUntil must be a date (YYYY-MM-DD)').describe('not before the business date'),
  reason,
});

export const writeOffBody = z.strictObject({ reason });

const amounts = z.strictObject({ principal: money, interest: money, fees: money, penalties: money, total: money });

export const settlementOfferSchema = z.strictObject({
  id: z.uuid(),
  loanId: z.uuid(),
  amount: money,
  validUntil: z.string(),
  reason: z.string(),
  status: z
    .enum(['pending', 'approved', 'settled', 'lapsed', 'rejected', 'withdrawn'])
    .describe('lapsed also for an open offer past its validUntil'),
  offeredBy: z.string(),
  offeredAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  amountPaid: money.nullable().describe('settled: what the payments since the approval came to'),
  waived: amounts.nullable().describe('settled: what was still owed and was waived, by component'),
  settledOn: z.string().nullable(),
  closedBy: z.string().nullable().describe('rejected or withdrawn: by whom'),
  closedAt: z.string().nullable(),
  closeReason: z.string().nullable().describe('rejected: the reason given'),
});

/** Rejecting an offer or a write-off: the reason, required. */
export const rejectBody = z.strictObject({ reason });

export const writeOffSchema = z.strictObject({
  loanId: z.uuid(),
  loanState: z.string(),
  status: z
    .enum(['none', 'requested', 'approved', 'rejected', 'withdrawn'])
    .describe('rejected: turned down by the checker; withdrawn: taken back by the one who asked; a new request may follow either'),
  reason: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  outstanding: amounts.nullable().describe('approved: what was written off, by component'),
  on: z.string().nullable().describe('approved: the business date of the write-off'),
  rejectedBy: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  withdrawnBy: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
