import { sql, type Kysely } from 'kysely';

/**
 * Issue 12, loan servicing: read models of the money events in the loans' streams (lending/projections/servicing*),
 * all rebuilt and verified with the others.
 *  - `payments`: every payment, online or offline, with its lifecycle (the console's Payments list).
 *  - `loan_servicing`: per disbursed loan, the servicing fold's input (terms and money events, so the projection
 *    needs no other table) and its result: outstanding amounts, credit balance, the EMI in force, closure.
 *  - `loan_instalments` and `loan_transactions`: the fold's instalments and ledger lines, one row each.
 * The new permissions go to the built-in roles that work money: collections agents record payments, operations
 * managers record and verify them (the administrator holds every permission by definition).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payments (
      id uuid PRIMARY KEY,
      loan_id uuid NOT NULL,
      channel text NOT NULL CHECK (channel IN ('online', 'offline')),
      method text NOT NULL,
      amount bigint NOT NULL,
      paid_on date,
      reference text,
      status text NOT NULL,
      recorded_by text NOT NULL,
      recorded_at timestamptz NOT NULL,
      verified_by text,
      verified_at timestamptz,
      rejected_by text,
      rejection_reason text,
      provider text,
      provider_order_id text,
      provider_reference text,
      captured_amount bigint,
      reversal_requested_by text,
      reversal_reason text,
      reversed_by text,
      reversed_on date,
      updated_at timestamptz NOT NULL,
      last_position bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX payments_loan ON payments (loan_id, recorded_at)`.execute(db);
  await sql`CREATE INDEX payments_status ON payments (status, recorded_at)`.execute(db);
  await sql`CREATE INDEX payments_recorded_at ON payments (recorded_at)`.execute(db);

  await sql`
    CREATE TABLE loan_servicing (
      loan_id uuid PRIMARY KEY,
      version integer NOT NULL,
      terms jsonb NOT NULL,
      events jsonb NOT NULL,
      status text NOT NULL,
      closed_on date,
      instalment_amount bigint NOT NULL,
      credit_balance bigint NOT NULL,
      outstanding_principal bigint NOT NULL,
      outstanding_interest bigint NOT NULL,
      outstanding_fees bigint NOT NULL,
      outstanding_penalties bigint NOT NULL,
      outstanding_total bigint NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE loan_instalments (
      loan_id uuid NOT NULL,
      number integer NOT NULL,
      due_date date NOT NULL,
      principal bigint NOT NULL,
      interest bigint NOT NULL,
      fees bigint NOT NULL,
      penalties bigint NOT NULL,
      paid_principal bigint NOT NULL,
      paid_interest bigint NOT NULL,
      paid_fees bigint NOT NULL,
      paid_penalties bigint NOT NULL,
      status text NOT NULL,
      paid_on date,
      PRIMARY KEY (loan_id, number)
    )`.execute(db);
  await sql`
    CREATE TABLE loan_transactions (
      loan_id uuid NOT NULL,
      seq integer NOT NULL,
      id text NOT NULL,
      type text NOT NULL,
      date date NOT NULL,
      amount bigint NOT NULL,
      principal bigint NOT NULL,
      interest bigint NOT NULL,
      fees bigint NOT NULL,
      penalties bigint NOT NULL,
      balance_after bigint NOT NULL,
      payment_id text,
      to_credit_balance bigint NOT NULL,
      reversed_on date,
      PRIMARY KEY (loan_id, seq)
    )`.execute(db);

  // The `closed` queue (a loan paid off): its zero counters, as a recount writes them for every queue.
  await sql`
    INSERT INTO loan_queue_counts (queue, type, slot, n)
    SELECT 'closed', t, s, 0 FROM unnest(ARRAY['EMI', 'salaryAdvance']) t, generate_series(0, 15) s
    ON CONFLICT (queue, type, slot) DO NOTHING`.execute(db);

  await sql`
    UPDATE staff_roles SET permissions = permissions || '{payments.record}'::text[], updated_at = now()
    WHERE id = 'collections-agent' AND NOT 'payments.record' = ANY(permissions)`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{payments.record,payments.verify}'::text[], updated_at = now()
    WHERE id = 'operations-manager' AND NOT 'payments.verify' = ANY(permissions)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(array_remove(permissions, 'payments.record'), 'payments.verify')`.execute(db);
  await sql`DELETE FROM loan_queue_counts WHERE queue = 'closed'`.execute(db);
  await sql`DROP TABLE loan_transactions, loan_instalments, loan_servicing, payments`.execute(db);
}
