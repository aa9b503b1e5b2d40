import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, accrual and IRAC (docs/accounting.md): each product version picks its accounting rule (`none`, `cash` or
 * `accrual`; versions made before keep the default, accrual, for the loans applied for from now on: a loan pins the
 * rule with its terms, and a loan pinned before the rule existed is booked as it was, cash). The accounting projection
 * keeps per loan the rule, the classification changes and the last close of business it posted; close of business
 * posts accruals and the change in provisions (entry kind `close-of-business`). Provision rates are data
 * (`provision_rates`, basis points of the principal outstanding), seeded with the RBI's IRAC figures; close of business
 * carries the rates in force in its BusinessDayClosed event, so a replay posts the same. A new liability, 2110
 * Interest received in advance, holds interest received before it is accrued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE loan_product_versions
      ADD COLUMN accounting_rule text NOT NULL DEFAULT 'accrual' CHECK (accounting_rule IN ('none', 'cash', 'accrual'))`.execute(db);
  await sql`
    CREATE TABLE provision_rates (
      category text PRIMARY KEY CHECK (category IN ('standard', 'sub-standard', 'doubtful-1', 'doubtful-2', 'doubtful-3', 'loss')),
      basis_points integer NOT NULL CHECK (basis_points BETWEEN 0 AND 10000),
      description text NOT NULL
    )`.execute(db);
  await sql`
    INSERT INTO provision_rates (category, basis_points, description) VALUES
      ('standard', 40, 'Standard assets: 0.40% of the outstanding'),
      ('sub-standard', 1500, 'NPA for up to 12 months: 15%'),
      ('doubtful-1', 2500, 'Doubtful up to one year (NPA 12 to 24 months): 25%'),
      ('doubtful-2', 4000, 'Doubtful one to three years (NPA 24 to 48 months): 40%'),
      ('doubtful-3', 10000, 'Doubtful more than three years (NPA over 48 months): 100%'),
      ('loss', 10000, 'Loss assets: 100%')`.execute(db);
  await sql`
    INSERT INTO accounts (code, name, type, parent_code, active, description) VALUES
      ('2110', 'Interest received in advance', 'liability', '2000', true, 'Interest received before it was accrued, released as it accrues')
    ON CONFLICT (code) DO NOTHING`.execute(db);
  await sql`
    ALTER TABLE accounting_loans
      ADD COLUMN rule text NOT NULL DEFAULT 'cash',
      ADD COLUMN classes jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN closed_day jsonb`.execute(db);
  await sql`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check`.execute(db);
  await sql`
    ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check
      CHECK (kind IN ('event', 'reallocation', 'manual', 'close-of-business'))`.execute(db);
  // The loans on the books keep their classification changes from now on: a rebuild gives those already in the log.
  await sql`
    INSERT INTO projection_rebuilds_pending (reason)
    SELECT 'issue 31: the accounting projection follows classification changes and closed business days'
     WHERE EXISTS (SELECT 1 FROM events WHERE type = 'LoanClassificationChanged')
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM journal_lines WHERE entry_id IN (SELECT id FROM journal_entries WHERE kind = 'close-of-business')`.execute(db);
  await sql`DELETE FROM journal_entries WHERE kind = 'close-of-business'`.execute(db);
  await sql`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check`.execute(db);
  await sql`ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('event', 'reallocation', 'manual'))`.execute(
    db,
  );
  await sql`ALTER TABLE accounting_loans DROP COLUMN rule, DROP COLUMN classes, DROP COLUMN closed_day`.execute(db);
  await sql`DELETE FROM accounts WHERE code = '2110'`.execute(db);
  await sql`DROP TABLE provision_rates`.execute(db);
  await sql`ALTER TABLE loan_product_versions DROP COLUMN accounting_rule`.execute(db);
}
