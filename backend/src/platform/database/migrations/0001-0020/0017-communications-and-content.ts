import { sql, type Kysely } from 'kysely';

/**
 * Issue 15: communications and content.
 *
 * Email templates: `email_templates` holds each template at its current version, `email_template_versions` every
 * version ever saved (append-only, like loan product versions); at most one template per event is active. Each
 * email records the template and version it was rendered from. `email_dedupe` makes a subscription's email
 * idempotent per (event, template): the key is written in the transaction that writes the email.
 * `email_loan_contacts` is communications' own read model of the loans it writes about (a projection of the loan
 * events: borrower, type, amounts, dates).
 *
 * The built-in roles get the new permissions that fit them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_templates (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      event text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      active boolean NOT NULL,
      version integer NOT NULL CHECK (version >= 1),
      shipped_key text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX email_templates_one_active_per_event ON email_templates (event) WHERE active`.execute(db);
  await sql`
    CREATE TABLE email_template_versions (
      template_id uuid NOT NULL REFERENCES email_templates (id),
      version integer NOT NULL,
      name text NOT NULL,
      event text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      active boolean NOT NULL,
      made_by text NOT NULL,
      made_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (template_id, version)
    )`.execute(db);
  await sql`
    CREATE FUNCTION email_template_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'email_template_versions is append-only';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER email_template_versions_no_change BEFORE UPDATE OR DELETE ON email_template_versions
    FOR EACH ROW EXECUTE FUNCTION email_template_versions_immutable()`.execute(db);
  await sql`ALTER TABLE emails ADD COLUMN template_id uuid, ADD COLUMN template_version integer`.execute(db);
  await sql`
    CREATE TABLE email_dedupe (
      key text PRIMARY KEY,
      email_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE email_loan_contacts (
      loan_id uuid PRIMARY KEY,
      borrower_id uuid NOT NULL,
      loan_type text NOT NULL,
      amount bigint NOT NULL,
      tenure_months integer NOT NULL,
      annual_rate_percent numeric NOT NULL,
      instalment_amount bigint,
      payout_reference text,
      disbursed_on text,
      first_due_date text,
      version integer NOT NULL
    )`.execute(db);

  // Banners: the image is in document storage under image_key; the public list reads current ones by audience.
  await sql`
    CREATE TABLE banners (
      id uuid PRIMARY KEY,
      title text NOT NULL,
      link text,
      audience text NOT NULL CHECK (audience IN ('home', 'dashboard')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz,
      sort_order integer NOT NULL DEFAULT 0,
      active boolean NOT NULL,
      image_key text NOT NULL,
      image_type text NOT NULL,
      image_sha256 text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text NOT NULL,
      CHECK (ends_at IS NULL OR ends_at > starts_at)
    )`.execute(db);
  await sql`CREATE INDEX banners_current ON banners (audience, sort_order) WHERE active`.execute(db);

  await sql`
    UPDATE staff_roles SET permissions = permissions || '{templates.manage,banners.manage,issues.manage}'::text[], updated_at = now()
    WHERE id = 'operations-manager'`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{issues.manage}'::text[], updated_at = now()
    WHERE id = 'collections-agent'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(array_remove(array_remove(permissions, 'templates.manage'), 'banners.manage'), 'issues.manage') WHERE id IN ('operations-manager', 'collections-agent')`.execute(
    db,
  );
  await sql`DROP TABLE banners`.execute(db);
  await sql`DROP TABLE email_loan_contacts, email_dedupe`.execute(db);
  await sql`ALTER TABLE emails DROP COLUMN template_id, DROP COLUMN template_version`.execute(db);
  await sql`DROP TABLE email_template_versions`.execute(db);
  await sql`DROP FUNCTION email_template_versions_immutable()`.execute(db);
  await sql`DROP TABLE email_templates`.execute(db);
}
