import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { sql } from 'kysely';
import { accruedInPeriod, accruedThrough } from '../../src/accounting/domain/accrual.js';
import type { AccountingRule } from '../../src/accounting/domain/chart.js';
import { journalForClosedDay, type ClosedDay, type LoanKnowledge } from '../../src/accounting/domain/journal.js';
import { provisionCategory, requiredProvision, type ProvisionRates } from '../../src/accounting/domain/provisions.js';
import { accruedSql, accruesOnSql, provisionRateSql, requiredProvisionSql } from '../../src/accounting/projections/closed-day.sql.js';
import { accountingProjection } from '../../src/accounting/projections/accounting.projection.js';
import { loanBookEventOf, type LoanBookTerms } from '../../src/lending/public/loan-books.js';
import { BUSINESS_DAYS_STREAM } from '../../src/lending/public/index.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { inlineProjector } from '../../src/platform/projections/projection.js';
import { verifyProjections } from '../../src/platform/projections/verify.js';
import { createMigratedTestDatabase } from '../support/test-database.js';
import { RBI_PROVISION_RATES } from '../../src/accounting/domain/accounting-spec.helper.js';

/**
 * Issue 31 item 8: a closed business day posted set-based (closed-day.sql.ts) against the domain's definition on real
 * PostgreSQL: the SQL arithmetic against accruedInPeriod / provisionCategory / requiredProvision over random inputs,
 * and a small book closed day by day (payments early and back-dated after the day was posted, an NPA, a loan that
 * knows of a classification dated after the day, the rules cash and none) whose book entry each day equals the sum
 * of the old per-loan result (journalForClosedDay over what was known of each loan then); the rebuild (1 and 2
 * partitions, per loan by the domain code) equals live.
 */
let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createMigratedTestDatabase('closedday');
  store = new PostgresEventStore(database.db, inlineProjector([accountingProjection]));
});

afterAll(async () => {
  await database?.close();
});

const RATES: ProvisionRates = RBI_PROVISION_RATES;
const MS = 86_400_000;
const dateOf = (day: number) => new Date(day * MS).toISOString().slice(0, 10);
const dayOf = (date: string) => Date.parse(date) / MS;

describe('the SQL agrees with the domain', () => {
  it('given random periods and dates, then accruedSql equals accruedInPeriod', async () => {
    const base = dayOf('2026-01-01');
    const cases = fc.sample(
      fc.record({
        from: fc.integer({ min: 0, max: 800 }),
        length: fc.integer({ min: -3, max: 400 }),
        interest: fc.integer({ min: -10, max: 5_000_000_000 }),
        at: fc.integer({ min: -10, max: 1_300 }),
      }),
      { numRuns: 2_000, seed: 31 },
    );
    const periods = cases.map((c) => ({ from: dateOf(base + c.from), to: dateOf(base + c.from + c.length), interest: c.interest }));
    const dates = cases.map((c) => dateOf(base + c.at));
    const accrued = accruedSql(sql.ref('u.f'), sql.ref('u.t'), sql.ref('u.i'), sql.ref('u.d'));
    const rows = await sql<{ n: number; accrued: string }>`
      SELECT u.n, ${accrued}::text AS accrued
        FROM unnest(${periods.map((p) => p.from)}::date[], ${periods.map((p) => p.to)}::date[],
                    ${periods.map((p) => p.interest)}::bigint[], ${dates}::date[]) WITH ORDINALITY AS u(f, t, i, d, n)
       ORDER BY u.n`.execute(database.db);
    expect(rows.rows.map((r) => Number(r.accrued))).toEqual(periods.map((p, n) => accruedInPeriod(p, dates[n]!)));
    const none = await sql<{
      accrued: string;
    }>`SELECT ${accruedSql(sql`'2026-01-01'::date`, sql`'2026-02-01'::date`, sql`100`, sql`NULL::date`)}::text AS accrued`.execute(
      database.db,
    );
    expect(Number(none.rows[0]!.accrued)).toBe(0); // no day closed before: nothing accrued
  });

  it('given random periods (some of no days) and two days closed, then the periods the SQL picks move what accruedThrough says', async () => {
    const base = dayOf('2026-01-01');
    const cases = fc.sample(
      fc.record({
        periods: fc.array(
          fc.record({
            from: fc.integer({ min: 0, max: 200 }),
            length: fc.integer({ min: -2, max: 60 }),
            interest: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        before: fc.option(fc.integer({ min: -5, max: 260 }), { nil: null }),
        gap: fc.integer({ min: 1, max: 40 }),
      }),
      { numRuns: 300, seed: 63 },
    );
    const rows = cases.flatMap((c, n) =>
      c.periods.map((p) => ({ n, from: dateOf(base + p.from), to: dateOf(base + p.from + p.length), interest: p.interest })),
    );
    const before = cases.map((c) => (c.before === null ? null : dateOf(base + c.before)));
    const day = cases.map((c) => dateOf(base + (c.before ?? 0) + c.gap));
    const from = sql.ref('p.f');
    const to = sql.ref('p.t');
    const moved = await sql<{ n: number; amount: string }>`
      WITH p AS (SELECT * FROM unnest(${rows.map((r) => r.n)}::int[], ${rows.map((r) => r.from)}::date[], ${rows.map((r) => r.to)}::date[],
                                      ${rows.map((r) => r.interest)}::bigint[]) AS u(n, f, t, i)),
           d AS (SELECT * FROM unnest(${before}::date[], ${day}::date[]) WITH ORDINALITY AS u(b, d, n))
      SELECT d.n - 1 AS n, coalesce(sum(${accruedSql(from, to, sql.ref('p.i'), sql.ref('d.d'))} - ${accruedSql(from, to, sql.ref('p.i'), sql.ref('d.b'))}), 0)::text AS amount
        FROM d LEFT JOIN p ON p.n = d.n - 1 AND ${accruesOnSql(from, to)} && daterange(d.b, d.d, '(]')
       GROUP BY d.n ORDER BY d.n`.execute(database.db);
    expect(moved.rows.map((r) => Number(r.amount))).toEqual(
      cases.map((c, n) => {
        const periods = rows.filter((r) => r.n === n);
        return accruedThrough(periods, day[n]!) - accruedThrough(periods, before[n]!);
      }),
    );
  });

  it('given random NPA dates, dates and principals, then the provision by SQL equals provisionCategory and requiredProvision', async () => {
    const base = dayOf('2024-01-01');
    const cases = fc.sample(
      fc.record({
        npa: fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: null }),
        at: fc.integer({ min: 0, max: 2_500 }),
        principal: fc.integer({ min: -5, max: 5_000_000_000 }),
      }),
      { numRuns: 2_000, seed: 8 },
    );
    const npa = cases.map((c) => (c.npa === null ? null : dateOf(base + c.npa)));
    const dates = cases.map((c) => dateOf(base + c.at));
    const rate = provisionRateSql(sql.ref('u.s'), sql.ref('u.d'), RATES);
    const rows = await sql<{ required: string }>`
      SELECT ${requiredProvisionSql(sql.ref('u.p'), rate)}::text AS required
        FROM unnest(${npa}::date[], ${dates}::date[], ${cases.map((c) => c.principal)}::bigint[]) WITH ORDINALITY AS u(s, d, p, n)
       ORDER BY u.n`.execute(database.db);
    expect(rows.rows.map((r) => Number(r.required))).toEqual(
      cases.map((c, n) => requiredProvision(c.principal, RATES[provisionCategory(npa[n]!, dates[n]!)])),
    );
  });
});

// A small book: EMI loans of 1,00,000.00 at 12 % for 6 months, paid out on 15 Jan 2026.
const terms = (principal: number, disbursedOn = '2026-01-15', firstDueDate = '2026-02-15'): LoanBookTerms => ({
  loanType: 'EMI',
  principal,
  annualRatePercent: 12,
  months: 6,
  disbursedOn,
  firstDueDate,
  fee: 100_000,
  strategy: 'mifos-standard',
  prepaymentMode: 'reduceTenure',
});

type BookLoan = { id: string; terms: LoanBookTerms; rule: AccountingRule; version: number; known: Omit<LoanKnowledge, 'closedDay'> };
const loans: BookLoan[] = [];
let lastDay: ClosedDay | null = null;
let daysAppended = 0;
/** Per closed date: the old per-loan result summed per value date and account (debit positive). */
const expected = new Map<string, Map<string, number>>();

async function payOut(n: number, rule: AccountingRule, loanTerms: LoanBookTerms): Promise<BookLoan> {
  const loan: BookLoan = {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    terms: loanTerms,
    rule,
    version: 1,
    known: { events: [], classes: [] },
  };
  await store.append(
    `loan-${loan.id}`,
    'loan',
    [{ type: 'LoanDisbursed', data: { loanId: loan.id, servicingTerms: loanTerms, accountingRule: rule } }],
    {
      expectedVersion: 0,
    },
  );
  loans.push(loan);
  return loan;
}

async function record(loan: BookLoan, type: string, data: Record<string, unknown>): Promise<void> {
  await store.append(`loan-${loan.id}`, 'loan', [{ type, data: { loanId: loan.id, ...data } }], { expectedVersion: loan.version });
  loan.version += 1;
  if (type === 'LoanClassificationChanged')
    loan.known = { ...loan.known, classes: [...loan.known.classes, { date: String(data.date), to: String(data.to) }] };
  else loan.known = { ...loan.known, events: [...loan.known.events, loanBookEventOf({ type, data })] };
}

/** Closes `date`: what every loan posts for it by the domain code, then the BusinessDayClosed appended. */
async function close(date: string): Promise<void> {
  const day: ClosedDay = { date, position: 0, provisionRates: RATES };
  const sums = new Map<string, number>();
  for (const loan of loans) {
    const entries = journalForClosedDay(
      { loanId: loan.id, terms: loan.terms, rule: loan.rule, known: { ...loan.known, closedDay: lastDay } },
      day,
    );
    for (const entry of entries)
      for (const line of entry.lines) {
        const key = `${entry.valueDate}|${line.account}`;
        sums.set(key, (sums.get(key) ?? 0) + line.debit - line.credit);
      }
  }
  expected.set(date, new Map([...sums].filter(([, amount]) => amount !== 0)));
  await store.append(BUSINESS_DAYS_STREAM, 'business-days', [{ type: 'BusinessDayClosed', data: { date, provisionRates: RATES } }], {
    expectedVersion: daysAppended,
  });
  daysAppended += 1;
  lastDay = day;
}

async function posted(date: string): Promise<Map<string, number>> {
  const rows = await sql<{ value_date: string; account_code: string; amount: string }>`
    SELECT e.value_date::text AS value_date, l.account_code, sum(l.debit - l.credit)::text AS amount
      FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
      JOIN events d ON d.global_position = e.event_position AND d.type = 'BusinessDayClosed'
     WHERE e.event_type = 'BusinessDayClosed' AND d.data->>'date' = ${date}
     GROUP BY 1, 2`.execute(database.db);
  return new Map(rows.rows.filter((r) => Number(r.amount) !== 0).map((r) => [`${r.value_date}|${r.account_code}`, Number(r.amount)]));
}

describe('a closed day posted set-based', () => {
  it('given a small book closed day by day, then each day’s book entry is the sum of the old per-loan result', async () => {
    const early = await payOut(1, 'accrual', terms(10_000_000));
    const late = await payOut(2, 'accrual', terms(5_000_000));
    const npa = await payOut(3, 'accrual', terms(20_000_000));
    const cash = await payOut(4, 'cash', terms(7_500_000));
    await payOut(5, 'none', terms(3_000_000));
    const dates: string[] = [];
    for (let d = dayOf('2026-01-16'); d <= dayOf('2026-05-20'); d += 1) dates.push(dateOf(d));
    for (const date of dates) {
      if (date === '2026-01-20') await record(early, 'RepaymentApplied', { paymentId: 'p1', valueDate: date, amount: 300_000 }); // interest in advance
      if (date === '2026-02-10') await payOut(6, 'accrual', terms(4_000_000, '2026-02-10', '2026-03-10')); // joins a running book
      if (date === '2026-02-20') {
        // Recorded on 20 Feb, dated 15 Feb: days through 19 Feb were posted without it.
        await record(late, 'RepaymentApplied', { paymentId: 'p2', valueDate: '2026-02-15', amount: 970_000 });
      }
      if (date === '2026-03-01') await record(cash, 'RepaymentApplied', { paymentId: 'p3', valueDate: date, amount: 1_500_000 });
      if (date === '2026-03-05') await record(late, 'RepaymentReversed', { paymentId: 'p2', valueDate: date });
      if (date === '2026-04-10') {
        // A classification dated the next day is known when this day closes: that loan goes the domain's way.
        await record(npa, 'LoanClassificationChanged', { date: '2026-04-11', to: 'NPA' });
      }
      if (date === '2026-05-02') await record(npa, 'RepaymentApplied', { paymentId: 'p4', valueDate: date, amount: 2_000_000 });
      await close(date);
    }
    for (const date of dates) expect([date, await posted(date)]).toEqual([date, expected.get(date)]);
    expect(expected.get('2026-01-16')!.get('2026-01-16|4100')).toBeLessThan(0); // interest accrued
    // 10 Apr: the NPA loan (knowing of its classification on 11 Apr) took the domain's way: its accrual of 10 Apr is
    // taken back on 11 Apr.
    expect(expected.get('2026-04-10')!.get('2026-04-11|4100')).toBeGreaterThan(0);
    // The NPA loan stops accruing: nothing of it accrues after 11 Apr, and what it accrued was reversed.
    const stopped = await sql<{ accrued: string; npa_since: string }>`
      SELECT advance::text AS advance, npa_since::text FROM accounting_day_states WHERE loan_id = ${npa.id}`.execute(database.db);
    expect(stopped.rows[0]).toEqual({ advance: '0', npa_since: '2026-04-11' });
  });

  it('balances every entry and the trial balance', async () => {
    const unbalanced = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM (SELECT entry_id FROM journal_lines GROUP BY entry_id HAVING sum(debit) <> sum(credit)) u`.execute(
      database.db,
    );
    expect(unbalanced.rows[0]!.n).toBe('0');
    const totals = await sql<{
      debits: string;
      credits: string;
    }>`SELECT sum(debits)::text AS debits, sum(credits)::text AS credits FROM account_days`.execute(database.db);
    expect(totals.rows[0]!.debits).toBe(totals.rows[0]!.credits);
  });

  it('a rebuild (1 and 2 partitions, each loan by the domain code) equals live', async () => {
    for (const workers of [1, 2]) {
      const report = await verifyProjections(database.db, [accountingProjection], { workers });
      expect(report.differences).toEqual([]);
    }
  });
});
