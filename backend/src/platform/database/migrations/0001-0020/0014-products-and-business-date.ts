import { sql, type Kysely } from 'kysely';

/**
 * Issue 12, parts 1 and 2. Loan products as data: `loan_products` names a product (stable id, unique code, type) and
 * points at its current version; `loan_product_versions` holds every version's terms, immutable, with who made it
 * and when. A loan pins (product id, version) and copies the terms into its LoanApplicationStarted event, so replay
 * never reads these tables. The two products configured by environment settings are created at start-up when the
 * table is empty (lending/products/application/default-products.ts), not here: their terms come from the running configuration.
 *
 * The business date in manual mode: one row holding the date staff set, and the audit of every change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE loan_products (
      id uuid PRIMARY KEY,
      code text NOT NULL,
      type text NOT NULL CHECK (type IN ('EMI', 'salaryAdvance')),
      current_version integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX loan_products_code ON loan_products (lower(code))`.execute(db);
  await sql`
    CREATE TABLE loan_product_versions (
      product_id uuid NOT NULL REFERENCES loan_products (id),
      version integer NOT NULL CHECK (version >= 1),
      name text NOT NULL,
      currency text NOT NULL,
      min_amount bigint NOT NULL,
      max_amount bigint NOT NULL,
      min_tenure_months integer NOT NULL,
      max_tenure_months integer NOT NULL,
      annual_rate_percent numeric NOT NULL,
      processing_fee_percent numeric NOT NULL,
      grace_days integer NOT NULL,
      penal_charge_flat bigint NOT NULL,
      allocation_strategy text NOT NULL,
      prepayment_mode text NOT NULL,
      default_pay_day_of_month integer,
      min_days_to_repayment integer,
      active boolean NOT NULL,
      made_by text NOT NULL,
      made_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (product_id, version),
      CHECK (min_amount <= max_amount),
      CHECK (min_tenure_months <= max_tenure_months)
    )`.execute(db);
  // Versions are history: nobody rewrites or removes one.
  await sql`
    CREATE FUNCTION loan_product_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'loan_product_versions is append-only';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER loan_product_versions_no_change BEFORE UPDATE OR DELETE ON loan_product_versions
    FOR EACH ROW EXECUTE FUNCTION loan_product_versions_immutable()`.execute(db);

  await sql`
    CREATE TABLE business_date (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      date date NOT NULL,
      updated_by text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE business_date_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      from_date date NOT NULL,
      to_date date NOT NULL,
      changed_by text NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE business_date_changes, business_date`.execute(db);
  await sql`DROP TABLE loan_product_versions`.execute(db);
  await sql`DROP FUNCTION loan_product_versions_immutable()`.execute(db);
  await sql`DROP TABLE loan_products`.execute(db);
}
