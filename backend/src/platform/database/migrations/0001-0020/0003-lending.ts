import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Read model of the loan streams; rebuilt from the log by `projections:rebuild`.
  await sql`
    CREATE TABLE loan_summaries (
      id uuid PRIMARY KEY,
      borrower_id uuid NOT NULL,
      type text NOT NULL,
      state text NOT NULL,
      amount bigint NOT NULL,
      approved_amount bigint,
      tenure_months integer NOT NULL,
      annual_rate_percent numeric NOT NULL,
      fee bigint NOT NULL,
      score integer,
      document_hash text,
      payout_reference text,
      disbursed_on date,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      submitted_at timestamptz,
      last_actor_id text NOT NULL,
      last_actor_role text NOT NULL,
      last_reason text,
      soft_approved_at timestamptz,
      soft_approved_by text,
      bank_approved_at timestamptz,
      bank_approved_by text,
      consent_approved_at timestamptz,
      consent_approved_by text,
      final_approved_at timestamptz,
      final_approved_by text,
      version integer NOT NULL,
      last_position bigint NOT NULL,
      loan_state jsonb NOT NULL
    )`.execute(db);
  // Queue pages: a state (or a gate's approved list) in the default newest-first order is an index range read.
  await sql`CREATE INDEX loan_summaries_state ON loan_summaries (state, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX loan_summaries_created ON loan_summaries (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX loan_summaries_borrower ON loan_summaries (borrower_id, created_at DESC)`.execute(db);
  for (const gate of ['soft', 'bank', 'consent', 'final']) {
    const column = sql.ref(`${gate}_approved_at`);
    await sql`CREATE INDEX ${sql.id(`loan_summaries_${gate}_approved`)} ON loan_summaries (created_at DESC, id DESC) WHERE ${column} IS NOT NULL`.execute(
      db,
    );
  }

  // Rendered agreements, addressed by the SHA-256 recorded in AgreementIssued.
  await sql`
    CREATE TABLE agreement_documents (
      document_hash text PRIMARY KEY,
      loan_id uuid NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Written by a BullMQ job fed from a durable subscription; source_position makes it idempotent.
  await sql`
    CREATE TABLE loan_notifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      source_position bigint NOT NULL UNIQUE,
      user_id uuid NOT NULL,
      loan_id uuid NOT NULL,
      event_type text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX loan_notifications_user ON loan_notifications (user_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE loan_notifications, agreement_documents, loan_summaries`.execute(db);
}
