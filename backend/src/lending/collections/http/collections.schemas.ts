import { z } from 'zod';
import { COLLECTION_BUCKETS, type CollectionBucket } from '../application/collection-queues.js';
import { MAX_CONTACT_NOTE_LENGTH, MAX_PROMISE_DAYS } from '../domain/collection-work.js';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from '../domain/collection-work.events.js';
import { CLASSIFICATIONS } from '../domain/delinquency.js';

export const closeOfBusinessBody = z.strictObject({
  date: z.iso.date('date must be a date (YYYY-MM-DD)').optional().describe('default: the business date; never after it'),
});

export const closeOfBusinessResultSchema = z.strictObject({
  date: z.string().describe('the business date aged through'),
  loansProcessed: z.number().int().describe('the loans aged through the date: every active loan, and every closed one still past due'),
  loansVisited: z
    .number()
    .int()
    .describe('of those, the loans with something to record by the day end of the date (the others were not read)'),
  eventsAppended: z.number().int().describe('0 when the date was already closed'),
  remindersQueued: z
    .number()
    .int()
    .describe('collection reminders newly queued for the date (after ageing); 0 when the date was already closed'),
  presentationsDecided: z
    .number()
    .int()
    .describe(
      'auto-debit: instalments presented, pre-debit notified or sent to manual collection for the date (after ageing); 0 on a re-run',
    ),
  presentationsSent: z.number().int().describe('auto-debit: presentations sent to the provider (those decided and not yet sent)'),
});

export const closeOfBusinessRunSchema = z.strictObject({
  id: z.uuid(),
  date: z.string().describe('the day closed: the day before the business date'),
  businessDate: z.string().describe('the business date when the run started'),
  status: z.enum(['running', 'completed', 'failed']),
  requestedBy: z.string().describe('staff id'),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  loansToVisit: z.number().int().describe('loans with something to record by the day end of date, when the run started'),
  loansVisited: z.number().int().describe('of those, read and decided so far (progress)'),
  loansAged: z.number().int().describe('loans that had something recorded: fell due, went overdue, charged, reclassified'),
  eventsAppended: z.number().int().describe('0 when the date was already closed'),
  reclassified: z.number().int().describe('loans whose RBI classification changed'),
  penaltiesApplied: z.number().int().describe('penal charges applied'),
  remindersQueued: z.number().int().describe('collection reminders queued for the date (after ageing)'),
  presentationsDecided: z
    .number()
    .int()
    .describe('auto-debit: instalments presented, pre-debit notified or sent to manual collection for the date (after ageing)'),
  presentationsSent: z.number().int().describe('auto-debit: presentations sent to the provider'),
  failure: z.string().nullable().describe('why a failed run stopped'),
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

// Issue 13 item 3: the collection buckets, collectors and the contact log.

export const collectionsListFilter = z.strictObject({
  bucket: z.enum(COLLECTION_BUCKETS, { error: `bucket is required: one of ${COLLECTION_BUCKETS.join(', ')}` }),
  q: z.string().max(200, 'q must be at most 200 characters').optional().describe("borrower's name or phone, or part of the loan id"),
  classification: classification.optional(),
  assignedTo: z.uuid('assignedTo must be a staff id').optional().describe("the collector's staff id"),
  dpdFrom: z.number().int('dpdFrom must be a whole number of days').min(0).max(100_000).optional(),
  dpdTo: z.number().int('dpdTo must be a whole number of days').min(0).max(100_000).optional(),
});

const money = z.number().int().describe('minor units (paise)');

export const collectionRowQuery = z.strictObject({
  bucket: z
    .enum(COLLECTION_BUCKETS, { error: `bucket must be one of ${COLLECTION_BUCKETS.join(', ')}` })
    .optional()
    .describe("a bucket's detail page: the row must be in it"),
});

const owedParts = z.strictObject({ principal: money, interest: money, fees: money, penalties: money, total: money });

export const collectionRowSchema = z.strictObject({
  id: z.string().describe('inst:<loanId>:<instalmentNumber> | loan:<loanId> | pay:<paymentId>'),
  kind: z.enum(['instalment', 'loan', 'payment']),
  loanId: z.uuid(),
  state: z.string().describe("the loan's state"),
  borrower: z.strictObject({ name: z.string().nullable(), phone: z.string().nullable() }),
  instalmentNumber: z.number().int().nullable(),
  dueDate: z.string().nullable().describe('instalment: its due date; loan: its next unpaid due date; payment: the date paid'),
  amountDue: money
    .nullable()
    .describe(
      'what is still owed (principal, interest, fees, penalties less paid and waived): instalment: on it; loan: on its instalments due by the business date; payment: null',
    ),
  amountOverdue: money.nullable().describe('the part of amountDue past the grace days at the business date; payment: null'),
  due: owedParts.nullable().describe('amountDue by component; payment: null'),
  outstanding: money.nullable().describe('loan rows: everything outstanding, instalments not yet due included; otherwise null'),
  amountPaid: money.nullable().describe('instalment: paid on it; loan: paid on all its instalments; payment: null'),
  buckets: z
    .array(z.enum(COLLECTION_BUCKETS))
    .optional()
    .describe('single-row answers (GET /collections/:id): the buckets the row is in now'),
  dpd: z.number().int().describe("the loan's days past due at the business date"),
  classification,
  lastReminderAt: z.string().nullable(),
  assignedTo: z.string().nullable().describe("the collector's staff id"),
  assignedToName: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  promiseToPayOn: z.string().nullable(),
  promiseBroken: z.boolean().describe('the promised date passed with no payment received since the promise was made'),
  paymentId: z.uuid().nullable(),
  amount: money.nullable().describe('payment rows: the amount recorded'),
});

export const collectionBucketCountsSchema = z.strictObject(
  Object.fromEntries(COLLECTION_BUCKETS.map((b) => [b, z.number().int()])) as Record<CollectionBucket, z.ZodNumber>,
);

const staffId = z.uuid('staffId must be a staff id');

export const assignCollectorBody = z.strictObject({
  staffId: staffId.nullable().describe('null takes the loan back from its collector'),
});

export const MAX_BULK_ASSIGN = 500;

export const bulkAssignCollectorBody = z.strictObject({
  loanIds: z
    .array(z.uuid('each loan id must be a loan id'))
    .min(1, 'loanIds must name at least one loan')
    .max(MAX_BULK_ASSIGN, `loanIds must name at most ${MAX_BULK_ASSIGN} loans`)
    .describe('a loan named twice (two of its instalments selected) is assigned once'),
  staffId: staffId.nullable(),
});

export const assignmentResultSchema = z.strictObject({
  staffId: z.string().nullable(),
  assigned: z.array(z.uuid()).describe('loans whose collector changed'),
  unchanged: z.array(z.uuid()).describe('loans already with this collector'),
  position: z.number().int().nullable().describe('global position of the last event appended; null when nothing changed'),
});

export const collectionContactBody = z.strictObject({
  channel: z.enum(CONTACT_CHANNELS, { error: `channel must be one of ${CONTACT_CHANNELS.join(', ')}` }),
  outcome: z.enum(CONTACT_OUTCOMES, { error: `outcome must be one of ${CONTACT_OUTCOMES.join(', ')}` }),
  note: z.string().max(MAX_CONTACT_NOTE_LENGTH, `note must be at most ${MAX_CONTACT_NOTE_LENGTH} characters`).default(''),
  promiseToPayOn: z.iso
    .date('promiseToPayOn must be a date (YYYY-MM-DD)')
    .optional()
    .describe(`required with promised-to-pay: from the business date to ${MAX_PROMISE_DAYS} days after`),
});

export const recordedContactSchema = z.strictObject({
  loanId: z.uuid(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string(),
  promiseToPayOn: z.string().optional(),
  businessDate: z.string(),
  recordedBy: z.string(),
  position: z.number().int(),
});

export const collectionContactSchema = z.strictObject({
  id: z.string().describe('<loanId>:<event version>'),
  loanId: z.uuid(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string(),
  promiseToPayOn: z.string().nullable(),
  businessDate: z.string(),
  recordedBy: z.string(),
  recordedByName: z.string().nullable(),
  recordedAt: z.string(),
});

export const collectorSchema = z.strictObject({ id: z.string(), name: z.string() });

/** Recovery conduct on a loan's page (issue 33 item 3). */
export const contactConductSchema = z.strictObject({
  loanId: z.uuid(),
  borrowerId: z.uuid(),
  timeZone: z.string().describe("the borrower's time zone (the business time zone)"),
  window: z.strictObject({
    open: z.boolean(),
    opens: z.string(),
    closes: z.string(),
    localTime: z.string(),
    reason: z.string().nullable(),
    opensAt: z.string().nullable(),
  }),
  today: z.strictObject({ date: z.string(), count: z.number().int(), max: z.number().int(), left: z.number().int() }),
  days: z.array(z.strictObject({ date: z.string(), count: z.number().int(), byChannel: z.record(z.string(), z.number().int()) })),
  log: z.array(
    z.strictObject({ at: z.string(), channel: z.string(), outcome: z.string(), by: z.string(), loanId: z.uuid(), note: z.string() }),
  ),
  heldReminders: z.array(
    z.strictObject({
      loanId: z.uuid(),
      instalmentNumber: z.number().int(),
      kind: z.string(),
      scheduledFor: z.string(),
      reason: z.string(),
    }),
  ),
});
