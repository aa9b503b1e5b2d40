import { sql, type Kysely } from 'kysely';

/**
 * Issue 31 item 8, the books' daily accrual at scale (docs/accounting.md "Close of business at scale"). A closed
 * business day is posted set-based, by SQL over plain columns, instead of folding every loan in Node:
 *  - `accounting_accrual_periods`: each loan's accrual periods ((from, to], interest) as lending's schedule gives them
 *    over the events known, rewritten by the projection on each of the loan's events; a GiST index on the days a period
 *    accrues on as a date range (a period of no days accrues all on the day after its start) finds those of a day;
 *  - `accounting_day_states`, one narrow row per loan, what a day's posting reads as plain columns: the rule, disbursal
 *    date, principal outstanding, interest held as received in advance (2110), the provision held (2200), since when
 *    an NPA, the date it closed, the last date its events and classification changes name (a loan with knowledge
 *    dated after the day is posted by the domain code instead);
 *  - `accounting_loans` keeps for each money event and classification change the business day closed before it (so a
 *    loan's journal can show its days as they were posted);
 *  - `accounting_day_parts`: scratch rows a rebuild collects per partition (the days' per-loan parts), summed into the
 *    days' entries at the end of the rebuild; empty otherwise.
 * A day posts one entry per value date for the whole book (loan null), its lines the sums over the loans. The books
 * already posted are rebuilt in the new shape.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE accounting_accrual_periods (
      loan_id uuid NOT NULL,
      seq integer NOT NULL,
      from_date date NOT NULL,
      to_date date NOT NULL,
      interest bigint NOT NULL,
      PRIMARY KEY (loan_id, seq)
    )`.execute(db);
  await sql`
    CREATE INDEX accounting_accrual_periods_span ON accounting_accrual_periods
      USING gist (daterange(from_date, greatest(to_date, from_date + 1), '(]'))`.execute(db);
  // Narrow on purpose: the day's statement reads every row of it (a few dozen bytes a loan, not the fold's input).
  await sql`
    CREATE TABLE accounting_day_states (
      loan_id uuid PRIMARY KEY,
      rule text NOT NULL,
      disbursed_on date NOT NULL,
      principal bigint NOT NULL,
      advance bigint NOT NULL,
      provision bigint NOT NULL,
      npa_since date,
      closed_on date,
      last_known date NOT NULL
    )`.execute(db);
  // The few loans a day leaves to the domain code (knowledge dated after the day) are found by this index.
  await sql`CREATE INDEX accounting_day_states_last_known ON accounting_day_states (last_known)`.execute(db);
  await sql`
    ALTER TABLE accounting_loans
      ADD COLUMN event_days bigint[] NOT NULL DEFAULT '{}',
      ADD COLUMN class_days bigint[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    CREATE TABLE accounting_day_parts (
      day_position bigint NOT NULL,
      value_date date NOT NULL,
      original_value_date date,
      account_code text NOT NULL,
      amount bigint NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO projection_rebuilds_pending (reason)
    SELECT 'issue 31 item 8: close of business posts the books set-based'
     WHERE EXISTS (SELECT 1 FROM accounting_loans)
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE accounting_day_parts, accounting_day_states, accounting_accrual_periods`.execute(db);
  await sql`ALTER TABLE accounting_loans DROP COLUMN event_days, DROP COLUMN class_days`.execute(db);
}
