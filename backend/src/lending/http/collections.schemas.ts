import { z } from 'zod';
import { CLASSIFICATIONS } from '../domain/collections/delinquency.js';

export const closeOfBusinessBody = z.strictObject({
  date: z.iso.date('date must be a date (YYYY-MM-DD)').optional().describe('default: the business date; never after it'),
});

export const closeOfBusinessResultSchema = z.strictObject({
  date: z.string().describe('the business date aged through'),
  loansProcessed: z.number().int(),
  eventsAppended: z.number().int().describe('0 when the date was already closed'),
  remindersQueued: z.number().int().describe('collection reminders newly queued for the date (after ageing); 0 when the date was already closed'),
});

const classification = z.enum(CLASSIFICATIONS);

export const loanDelinquencySchema = z.strictObject({
  loanId: z.uuid(),
  classification,
  dpd: z.number().int().describe('days past due at the day end of dpdOn'),
  dpdOn: z.string().nullable().describe('the date of the last classification change; null before any'),
  overdueSince: z.string().nullable().describe('the oldest unpaid due date as of dpdOn'),
  history: z.array(z.strictObject({ from: classification, to: classification, dpd: z.number().int(), date: z.string() })),
});
