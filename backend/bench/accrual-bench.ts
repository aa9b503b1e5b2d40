import type { INestApplication } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { BUSINESS_DAYS_STREAM } from '../src/lending/public/index.js';
import { addDays } from '../src/lending/loan/domain/calendar.js';
import { EVENT_STORE, type EventStore } from '../src/platform/event-store/event-store.port.js';
import { seededRandom, type Figure } from './measure.js';

export type AccrualBenchContext = {
  app: INestApplication;
  db: Kysely<any>;
  figures: Figure[];
  log: (line: string) => void;
  /** Loans on the books under the accrual rule. */
  loans: number;
};

/** Issue 30 item 5: a night of close of business over 1,000,000 loans in at most 60 s; the accrual may add 20 % of it. */
const ACCRUAL_GOAL_MS_PER_LOAN = (0.2 * 60_000) / 1_000_000;

const RATES = { standard: 40, 'sub-standard': 1_500, 'doubtful-1': 2_500, 'doubtful-2': 4_000, 'doubtful-3': 10_000, loss: 10_000 };

/**
 * Issue 31: what a closed business day costs the books. `loans` EMI loans under the accrual rule (paid out over the
 * eight months before the day, 12 months at 12–24 %, nothing paid, the day before already closed) are written into
 * the accounting projection's own table; then one BusinessDayClosed is appended through the event store, whose
 * inline accounting projection posts each loan's day of accrual and provision change. Measured: the append's wall
 * time per loan, against the goal of 20 % of close of business's 60 s per 1,000,000 loans.
 */
export async function benchmarkAccrual(ctx: AccrualBenchContext): Promise<void> {
  const random = seededRandom(31);
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = addDays(today, -1);
  const closedDay = JSON.stringify({ date: yesterday, position: 0, provisionRates: RATES });
  for (let start = 0; start < ctx.loans; start += 5_000) {
    const ids: string[] = [];
    const terms: string[] = [];
    for (let i = start; i < Math.min(ctx.loans, start + 5_000); i += 1) {
      const disbursedOn = addDays(today, -1 - Math.floor(random() * 240));
      ids.push(`00000000-0000-4000-9000-${String(i).padStart(12, '0')}`);
      terms.push(
        JSON.stringify({
          loanType: 'EMI',
          principal: 1_000_000 + Math.floor(random() * 49_000_000),
          annualRatePercent: 12 + Math.floor(random() * 13),
          months: 12,
          disbursedOn,
          firstDueDate: addDays(disbursedOn, 30),
          fee: 0,
          strategy: 'mifos-standard',
          prepaymentMode: 'reduceTenure',
        }),
      );
    }
    await sql`
      INSERT INTO accounting_loans (loan_id, version, terms, events, rule, classes, closed_day)
      SELECT id, 1, t::jsonb, '[]'::jsonb, 'accrual', '[]'::jsonb, ${closedDay}::jsonb
        FROM unnest(${ids}::uuid[], ${terms}::text[]) AS u(id, t)`.execute(ctx.db);
  }
  ctx.log(`  ${ctx.loans} loans on the books under the accrual rule, ${yesterday} closed; appending BusinessDayClosed for ${today}`);
  const store = ctx.app.get<EventStore>(EVENT_STORE);
  const started = performance.now();
  await store.append(BUSINESS_DAYS_STREAM, 'business-days', [{ type: 'BusinessDayClosed', data: { date: today, provisionRates: RATES } }], {
    expectedVersion: 0,
    metadata: { commandType: 'CloseBusinessDay' },
  });
  const ms = performance.now() - started;
  const entries = await sql<{ n: string }>`SELECT count(*) AS n FROM journal_entries WHERE kind = 'close-of-business'`.execute(ctx.db);
  const perLoan = ms / ctx.loans;
  ctx.log(
    `  ${(ms / 1000).toFixed(1)} s, ${perLoan.toFixed(3)} ms per loan (${entries.rows[0]!.n} entries); 1,000,000 loans would take about ${((perLoan * 1_000_000) / 1000).toFixed(0)} s (goal ${(ACCRUAL_GOAL_MS_PER_LOAN * 1_000).toFixed(0)} s)`,
  );
  ctx.figures.push({
    name: 'accrual at close of business, per loan',
    value: Number(perLoan.toFixed(4)),
    unit: 'ms/loan',
    note: `one BusinessDayClosed over ${ctx.loans} accrual-rule loans, the accounting projection inline; ${ACCRUAL_GOAL_MS_PER_LOAN} ms/loan is 20 % of 60 s per 1,000,000`,
    goal: `<= ${ACCRUAL_GOAL_MS_PER_LOAN}`,
  });
}
