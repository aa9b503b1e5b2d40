import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { RBI_PROVISION_RATES } from '../../src/accounting/domain/accounting-spec.helper.js';
import { accountingProjection } from '../../src/accounting/projections/accounting.projection.js';
import type { LoanBookTerms } from '../../src/lending/public/loan-books.js';
import { BUSINESS_DAYS_STREAM } from '../../src/lending/public/index.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { inlineProjector, type Projection } from '../../src/platform/projections/projection.js';
import { verifyProjections } from '../../src/platform/projections/verify.js';
import { createMigratedTestDatabase } from '../support/test-database.js';

/**
 * The books against the log's order when a payment and a business day's close are appended at the same time: the
 * payment's transaction has inserted its event (so it comes first in the log) but not yet posted it when the day's
 * close is appended. Live, the day must then wait for the payment, as a replay of the log posts the payment before the
 * day. A projection that runs before the books and sleeps holds the payment's transaction in that gap on purpose.
 */
let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;

beforeAll(async () => {
  database = await createMigratedTestDatabase('dayrace');
});

afterAll(async () => {
  await database?.close();
});

/** Runs before the books in the payment's transaction and holds it there for `ms`. */
const slowBeforeTheBooks = (ms: number): Projection => ({
  name: 'slow-before-the-books',
  eventTypes: ['RepaymentApplied'],
  tables: [],
  applyBatch: async (db: Kysely<any>) => {
    await sql`SELECT pg_sleep(${ms / 1000})`.execute(db);
  },
});

const terms: LoanBookTerms = {
  loanType: 'EMI',
  principal: 10_000_000,
  annualRatePercent: 12,
  months: 6,
  disbursedOn: '2026-01-15',
  firstDueDate: '2026-02-15',
  fee: 100_000,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
};

/** The books alone, and the books behind a projection that holds the transaction 600 ms first. */
const books = () => new PostgresEventStore(database.db, inlineProjector([accountingProjection]));
const paying = () => new PostgresEventStore(database.db, inlineProjector([slowBeforeTheBooks(600), accountingProjection]));

const disburse = (loanId: string) =>
  books().append(
    `loan-${loanId}`,
    'loan',
    [{ type: 'LoanDisbursed', data: { loanId, servicingTerms: terms, accountingRule: 'accrual' } }],
    {
      expectedVersion: 0,
    },
  );

const closeDay = (date: string, expectedVersion: number) =>
  books().append(
    BUSINESS_DAYS_STREAM,
    'business-days',
    [{ type: 'BusinessDayClosed', data: { date, provisionRates: RBI_PROVISION_RATES } }],
    {
      expectedVersion,
    },
  );

const repayment = (loanId: string, paymentId: string, valueDate: string, amount: number) => ({
  type: 'RepaymentApplied',
  data: { loanId, paymentId, valueDate, amount },
});

/** The payment is under way: its event inserted, the books not yet reached. */
const meanwhile = () => new Promise((resolve) => setTimeout(resolve, 200));

it('a day closed while a payment dated on it is being appended waits for it: live equals the replay', async () => {
  const loanId = '00000000-0000-4000-8000-000000000001';
  await disburse(loanId);
  await closeDay('2026-01-16', 0);

  // Half the principal paid back on 17 Jan, appended while 17 Jan is closed.
  const payment = paying().append(`loan-${loanId}`, 'loan', [repayment(loanId, 'p1', '2026-01-17', 5_000_000)], { expectedVersion: 1 });
  await meanwhile();
  const [paid, closed] = await Promise.all([payment, closeDay('2026-01-17', 1)]);
  expect(paid.lastPosition).toBeLessThan(closed.lastPosition);

  const report = await verifyProjections(database.db, [accountingProjection]);
  expect(report.differences).toEqual([]);
});

it('so does one closed while a batch of payments is being appended (close of business pages, appendBatch)', async () => {
  const ids = ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
  for (const loanId of ids) await disburse(loanId);
  const batch = paying().appendBatch(
    ids.map((loanId, n) => ({
      streamId: `loan-${loanId}`,
      streamType: 'loan',
      events: [repayment(loanId, `b${n}`, '2026-01-18', 4_000_000)],
      options: { expectedVersion: 1 },
    })),
  );
  await meanwhile();
  const [paid, closed] = await Promise.all([batch, closeDay('2026-01-18', 2)]);
  for (const result of paid) expect('lastPosition' in result && result.lastPosition < closed.lastPosition).toBe(true);

  const report = await verifyProjections(database.db, [accountingProjection]);
  expect(report.differences).toEqual([]);
});
