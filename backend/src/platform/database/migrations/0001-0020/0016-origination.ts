import { sql, type Kysely } from 'kysely';

/**
 * Issue 14, origination. Plain tables (DESIGN §1), each change audited in a table beside it:
 * - `sms_log`: every text message the SMS port handled (the development adapter records instead of sending).
 * - `otp_challenges`: one-time codes, stored as a keyed hash, with their expiry and failed tries.
 * - `leads` (+ `lead_changes`, `lead_notes`): the acquisition funnel; quick start's answers live on the lead.
 * - `profile_sections` (+ `profile_section_changes`): a borrower's seven profile sections and their verification.
 * - `customer_documents`: uploads; the bytes are in the DocumentStorage port under `storage_key`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sms_log (
      id uuid PRIMARY KEY,
      to_phone text NOT NULL,
      body text NOT NULL,
      purpose text,
      status text NOT NULL,
      provider_message_id text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sms_log_created ON sms_log (created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX sms_log_phone ON sms_log (to_phone, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE otp_challenges (
      id uuid PRIMARY KEY,
      phone text NOT NULL,
      purpose text NOT NULL,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX otp_challenges_phone ON otp_challenges (phone, purpose, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE leads (
      id uuid PRIMARY KEY,
      name text NOT NULL DEFAULT '',
      phone text NOT NULL,
      email text,
      source text NOT NULL CHECK (source IN ('quickStart', 'agent', 'import')),
      status text NOT NULL CHECK (status IN ('new', 'contacted', 'interested', 'converted', 'lost')),
      lost_reason text,
      assigned_to uuid,
      follow_up_on date,
      borrower_id uuid,
      quick_start jsonb NOT NULL DEFAULT '{}',
      quick_start_step text,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX leads_phone ON leads (phone)`.execute(db);
  await sql`CREATE INDEX leads_email ON leads (lower(email))`.execute(db);
  await sql`CREATE INDEX leads_assigned ON leads (assigned_to, follow_up_on)`.execute(db);
  await sql`CREATE INDEX leads_created ON leads (created_at DESC, id)`.execute(db);
  await sql`
    CREATE TABLE lead_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lead_id uuid NOT NULL REFERENCES leads (id),
      field text NOT NULL,
      from_value text,
      to_value text,
      reason text,
      changed_by text NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX lead_changes_lead ON lead_changes (lead_id, id)`.execute(db);
  await sql`
    CREATE TABLE lead_notes (
      id uuid PRIMARY KEY,
      lead_id uuid NOT NULL REFERENCES leads (id),
      text text NOT NULL,
      author_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE profile_sections (
      borrower_id uuid NOT NULL,
      section text NOT NULL,
      data jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('complete', 'verified', 'rejected')),
      reason text,
      reviewed_by text,
      reviewed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (borrower_id, section)
    )`.execute(db);
  await sql`CREATE INDEX profile_sections_pan ON profile_sections ((data->>'panLast4')) WHERE section = 'documents'`.execute(db);
  await sql`
    CREATE TABLE profile_section_changes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      borrower_id uuid NOT NULL,
      section text NOT NULL,
      action text NOT NULL,
      from_status text,
      to_status text NOT NULL,
      reason text,
      actor_id text NOT NULL,
      actor_role text NOT NULL,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX profile_section_changes_borrower ON profile_section_changes (borrower_id, id)`.execute(db);

  await sql`
    CREATE TABLE customer_documents (
      id uuid PRIMARY KEY,
      borrower_id uuid NOT NULL,
      kind text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      sha256 text NOT NULL,
      storage_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX customer_documents_borrower ON customer_documents (borrower_id, created_at DESC)`.execute(db);

  // The new permissions in the built-in roles: credit officers verify profiles and read the SMS log; sales agents work leads.
  await sql`UPDATE staff_roles SET permissions = permissions || '{customers.verify,sms.view}' WHERE id = 'credit-officer'`.execute(db);
  await sql`UPDATE staff_roles SET permissions = permissions || '{sms.view}' WHERE id = 'operations-manager'`.execute(db);
  await sql`
    INSERT INTO staff_roles (id, name, description, permissions, built_in) VALUES
      ('sales-agent', 'Sales agent', 'Creates and works leads, including walk-in customers; sees customers.', '{leads.manage,customers.view}', true)
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM staff_roles WHERE id = 'sales-agent' AND NOT EXISTS (SELECT 1 FROM users WHERE staff_role_id = 'sales-agent')`.execute(
    db,
  );
  await sql`UPDATE staff_roles SET permissions = array_remove(array_remove(permissions, 'customers.verify'), 'sms.view')`.execute(db);
  await sql`DROP TABLE customer_documents, profile_section_changes, profile_sections, lead_notes, lead_changes, leads, otp_challenges, sms_log`.execute(
    db,
  );
}
