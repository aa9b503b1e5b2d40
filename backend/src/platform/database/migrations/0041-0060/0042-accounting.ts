import { sql, type Kysely } from 'kysely';

/**
 * Issue 31: the books. `accounts` is the chart of accounts (data, seeded with a default for an Indian NBFC); the rest
 * is the accounting projection's read model, rebuilt from the loan log (docs/accounting.md):
 *  - `accounting_loans`: per disbursed loan, the fold's input as the projection last saw it (terms, money events);
 *  - `journal_entries` / `journal_lines`: the entries derived from each loan event (ids from the event's position);
 *  - `account_days`: debits and credits per account per value date, so a trial balance sums account-days, not lines.
 * A database that already holds events owes a rebuild, so the books cover the loans paid out before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE accounts (
      code text PRIMARY KEY,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('asset', 'liability', 'equity', 'income', 'expense')),
      parent_code text REFERENCES accounts (code),
      active boolean NOT NULL DEFAULT true,
      description text NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`
    INSERT INTO accounts (code, name, type, parent_code, description) VALUES
      ('1000', 'Assets', 'asset', NULL, 'Heading'),
      ('1010', 'Bank: fund source', 'asset', '1000', 'Money paid out to borrowers and received from them'),
      ('1100', 'Loans receivable (principal)', 'asset', '1000', 'Principal outstanding on loans paid out'),
      ('1110', 'Interest receivable', 'asset', '1000', 'Interest accrued and not yet received (accrual rule)'),
      ('1120', 'Fees receivable', 'asset', '1000', 'Processing and other fees charged and not yet received'),
      ('1130', 'Penal charges receivable', 'asset', '1000', 'Penal charges applied and not yet received'),
      ('1900', 'Suspense', 'asset', '1000', 'What the loan book cannot place; should stay at zero'),
      ('2000', 'Liabilities', 'liability', NULL, 'Heading'),
      ('2100', 'Borrower credit balances', 'liability', '2000', 'Money received beyond what was owed (overpayments), until refunded or used'),
      ('2200', 'Provisions for loan losses', 'liability', '2000', 'Provisions held against standard and non-performing assets (IRAC)'),
      ('3000', 'Equity', 'equity', NULL, 'Heading'),
      ('3100', 'Share capital', 'equity', '3000', ''),
      ('3200', 'Retained earnings', 'equity', '3000', ''),
      ('4000', 'Income', 'income', NULL, 'Heading'),
      ('4100', 'Interest income on loans', 'income', '4000', ''),
      ('4200', 'Fee income', 'income', '4000', 'Processing fees and other charges'),
      ('4300', 'Penal charge income', 'income', '4000', ''),
      ('4400', 'Bad debts recovered', 'income', '4000', 'Money received on loans already written off'),
      ('5000', 'Expenses', 'expense', NULL, 'Heading'),
      ('5100', 'Bad debts written off', 'expense', '5000', ''),
      ('5200', 'Settlement discount allowed', 'expense', '5000', 'What a settlement forgave of principal, fees and penal charges'),
      ('5300', 'Provision expense', 'expense', '5000', 'Change in the provisions required (IRAC)')`.execute(db);

  await sql`
    CREATE TABLE accounting_loans (
      loan_id uuid PRIMARY KEY,
      version integer NOT NULL,
      terms jsonb NOT NULL,
      events jsonb NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE journal_entries (
      id text PRIMARY KEY,
      loan_id uuid NOT NULL,
      event_position bigint NOT NULL,
      event_type text NOT NULL,
      value_date date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('event', 'reallocation')),
      amount bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX journal_entries_loan ON journal_entries (loan_id, event_position)`.execute(db);
  await sql`CREATE INDEX journal_entries_date ON journal_entries (value_date, event_position)`.execute(db);
  await sql`
    CREATE TABLE journal_lines (
      entry_id text NOT NULL,
      line integer NOT NULL,
      account_code text NOT NULL,
      debit bigint NOT NULL CHECK (debit >= 0),
      credit bigint NOT NULL CHECK (credit >= 0),
      loan_id uuid NOT NULL,
      value_date date NOT NULL,
      PRIMARY KEY (entry_id, line)
    )`.execute(db);
  await sql`CREATE INDEX journal_lines_account ON journal_lines (account_code, value_date)`.execute(db);
  await sql`
    CREATE TABLE account_days (
      account_code text NOT NULL,
      day date NOT NULL,
      debits bigint NOT NULL,
      credits bigint NOT NULL,
      PRIMARY KEY (account_code, day)
    )`.execute(db);
  await sql`
    INSERT INTO staff_roles (id, name, description, permissions, built_in)
    VALUES ('accountant', 'Accountant', 'Reads the books (chart, journal, trial balance, reconciliation) and the loans.',
      '{accounting.view,loans.view}', true)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO projection_rebuilds_pending (reason)
    SELECT 'issue 31: the accounting projection (journal entries from the loan log)'
     WHERE EXISTS (SELECT 1 FROM events)
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM staff_roles WHERE id = 'accountant'`.execute(db);
  await sql`DROP TABLE account_days, journal_lines, journal_entries, accounting_loans, accounts`.execute(db);
}
