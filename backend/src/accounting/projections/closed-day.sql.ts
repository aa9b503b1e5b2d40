import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ProvisionRates } from '../domain/provisions.js';

/**
 * A closed business day posted set-based (issue 31 item 8, docs/accounting.md "Close of business at scale"): the
 * arithmetic of the domain's `accruedInPeriod`, `provisionCategory` and `requiredProvision` in SQL, over the plain
 * columns the projection keeps per loan (`accounting_day_states`) and their accrual periods (`accounting_accrual_periods`).
 * The pure functions stay the definition: closed-day.sql.int-spec checks the SQL against them on real PostgreSQL.
 */

type Expr = RawBuilder<unknown>;

/**
 * accruedInPeriod: what a period (from, to] earning `interest` has accrued by the end of `date` (0 when `date` is
 * null: no day closed yet). Date minus date is whole days; bigint division truncates, which is floor on the
 * non-negative amounts it meets.
 */
export function accruedSql(from: Expr, to: Expr, interest: Expr, date: Expr): RawBuilder<string> {
  return sql<string>`(CASE
    WHEN ${date} IS NULL OR ${date} - ${from} <= 0 OR ${interest} <= 0 THEN 0::bigint
    WHEN ${to} - ${from} <= 0 OR ${date} - ${from} >= ${to} - ${from} THEN ${interest}::bigint
    ELSE (${interest}::bigint * (${date} - ${from})) / (${to} - ${from}) END)`;
}

/**
 * The days a period (from, to] accrues on, as a date range: a period moves `accrued` from 0 to its interest over
 * (from, to], or, with no days (to ≤ from), all on the day after it starts. A day D closed after day P moves the
 * periods whose range overlaps (P, D]. Indexed (GiST) by migration 0063 with this very expression.
 */
export function accruesOnSql(from: Expr, to: Expr): RawBuilder<unknown> {
  return sql`daterange(${from}, greatest(${to}, ${from} + 1), '(]')`;
}

/** provisionCategory's rate: the basis points of the category of a loan an NPA since `npaSince` (null: standard) on `date`. */
export function provisionRateSql(npaSince: Expr, date: Expr, rates: ProvisionRates): RawBuilder<number> {
  return sql<number>`(CASE
    WHEN ${npaSince} IS NULL OR ${npaSince} > ${date} THEN ${rates.standard}::int
    WHEN ${date} < (${npaSince} + interval '12 months')::date THEN ${rates['sub-standard']}::int
    WHEN ${date} < (${npaSince} + interval '24 months')::date THEN ${rates['doubtful-1']}::int
    WHEN ${date} < (${npaSince} + interval '48 months')::date THEN ${rates['doubtful-2']}::int
    ELSE ${rates['doubtful-3']}::int END)`;
}

/** requiredProvision: `outstanding` × `basisPoints` / 10,000, rounded half up (0 for nothing outstanding or no rate). */
export function requiredProvisionSql(outstanding: Expr, basisPoints: Expr): RawBuilder<string> {
  return sql<string>`(CASE WHEN ${outstanding} <= 0 OR ${basisPoints} <= 0 THEN 0::bigint
    ELSE (${outstanding}::bigint * ${basisPoints} + 5000) / 10000 END)`;
}

/** What a closed day posts for the loans it covers, summed: minor units, each ≥ 0 but `provided` (signed). */
export type ClosedDaySums = {
  /** Interest accrued on the day (Cr 4100). */
  accrued: number;
  /** Of it, released from interest received in advance (Dr 2110); the rest is receivable (Dr 1110). */
  released: number;
  /** The change in the provision required (Dr 5300 / Cr 2200 when positive). */
  provided: number;
  /** Loans covered. */
  loans: number;
};

/**
 * Posts day `date` (the day closed before it: `before`, null for the first) for every loan on the books whose
 * knowledge is all dated on or before it, in one statement: the day's accrual of each loan booked under the accrual
 * rule, neither an NPA nor closed, over its periods overlapping (before, date]; the part released from its advance;
 * the change in its provision at the day's rates. It moves each loan's `advance` and `provision` where they change
 * and answers the sums (the accrual periods are read from `accounting_accrual_periods`); a loan that knows of something dated after the day is left to the domain code.
 */
export async function postClosedDaySetBased(
  db: Kysely<any>,
  date: string,
  before: string | null,
  rates: ProvisionRates,
): Promise<ClosedDaySums> {
  const d = sql`${date}::date`;
  const p = sql`${before}::date`;
  const accrued = accruedSql(sql.ref('p.from_date'), sql.ref('p.to_date'), sql.ref('p.interest'), d);
  const accruedBefore = accruedSql(sql.ref('p.from_date'), sql.ref('p.to_date'), sql.ref('p.interest'), p);
  const rate = provisionRateSql(sql.ref('s.npa_since'), d, rates);
  const required = requiredProvisionSql(sql.ref('s.principal'), rate);
  // The grouping of a million periods by loan fits in memory (this transaction only) rather than spilling to disk.
  await sql`SELECT set_config('work_mem', '64MB', true)`.execute(db);
  const result = await sql<{ accrued: string; released: string; provided: string; loans: string }>`
    WITH covered AS (
      SELECT s.loan_id, s.advance, s.provision, ${required} AS required,
             (s.rule = 'accrual' AND s.npa_since IS NULL AND s.closed_on IS NULL) AS accruing
        FROM accounting_day_states s
       WHERE s.rule <> 'none' AND s.last_known <= ${d}
    ), accrual AS (
      SELECT p.loan_id, sum(${accrued} - ${accruedBefore}) AS amount
        FROM accounting_accrual_periods p
       WHERE ${accruesOnSql(sql.ref('p.from_date'), sql.ref('p.to_date'))} && daterange(${p}, ${d}, '(]')
       GROUP BY p.loan_id
    ), parts AS (
      SELECT c.loan_id, c.advance, c.required, coalesce(a.amount, 0) AS accrued, least(coalesce(a.amount, 0), c.advance) AS released,
             c.required - c.provision AS provided
        FROM covered c
        LEFT JOIN accrual a ON a.loan_id = c.loan_id AND c.accruing
    ), moved AS (
      UPDATE accounting_day_states s SET advance = parts.advance - parts.released, provision = parts.required
        FROM parts
       WHERE s.loan_id = parts.loan_id AND (parts.released <> 0 OR parts.provided <> 0)
      RETURNING 1
    )
    SELECT coalesce(sum(accrued), 0)::text AS accrued, coalesce(sum(released), 0)::text AS released,
           coalesce(sum(provided), 0)::text AS provided, count(*)::text AS loans, (SELECT count(*) FROM moved) AS moved
      FROM parts`.execute(db);
  const row = result.rows[0]!;
  return { accrued: Number(row.accrued), released: Number(row.released), provided: Number(row.provided), loans: Number(row.loans) };
}
