import { sql, type Kysely } from 'kysely';

/**
 * Issue 32, auto-debit: the read models of the mandates slice (projections `mandates`, `mandate-presentations`), folded
 * from the loan streams' mandate events. `mandates`: one row per registration; `mandate_presentations`: one row per
 * presentation (instalment and attempt), `latest` false once a later attempt of the same instalment is presented (the
 * bounce queue reads the latest bounced ones); `mandate_manual_collections`: instalments handed to collectors instead
 * of being presented, with the reason. Permissions: `mandates.manage` (register, ask for a pause, resume, cancel) for
 * collections agents and operations managers; `mandates.approve` (approve a pause: never your own) for operations
 * managers. The administrator holds every permission by definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mandates (
      id uuid PRIMARY KEY,
      loan_id uuid NOT NULL,
      kind text NOT NULL,
      status text NOT NULL,
      max_amount bigint NOT NULL,
      frequency text NOT NULL,
      valid_from date NOT NULL,
      valid_until date NOT NULL,
      provider text NOT NULL,
      provider_reference text,
      active_from date,
      failure_reason text,
      started_by text NOT NULL,
      started_at timestamptz NOT NULL,
      pause_requested_by text,
      pause_reason text,
      cancel_cause text,
      updated_at timestamptz NOT NULL,
      last_position bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX mandates_loan ON mandates (loan_id, started_at)`.execute(db);
  await sql`CREATE INDEX mandates_status ON mandates (status, started_at DESC)`.execute(db);
  await sql`
    CREATE TABLE mandate_presentations (
      id text PRIMARY KEY,
      loan_id uuid NOT NULL,
      mandate_id uuid NOT NULL,
      instalment_number integer NOT NULL,
      attempt integer NOT NULL,
      amount bigint NOT NULL,
      due_date date NOT NULL,
      presented_on date NOT NULL,
      status text NOT NULL,
      latest boolean NOT NULL DEFAULT true,
      reason_code text,
      reason text,
      next_attempt_on date,
      bounce_charge bigint,
      payment_id uuid,
      provider_reference text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      last_position bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX mandate_presentations_loan ON mandate_presentations (loan_id, instalment_number, attempt)`.execute(db);
  await sql`CREATE INDEX mandate_presentations_day ON mandate_presentations (presented_on, status)`.execute(db);
  await sql`CREATE INDEX mandate_presentations_bounced ON mandate_presentations (updated_at DESC) WHERE status = 'bounced' AND latest`.execute(
    db,
  );
  await sql`
    CREATE TABLE mandate_manual_collections (
      loan_id uuid NOT NULL,
      instalment_number integer NOT NULL,
      attempt integer NOT NULL,
      mandate_id uuid NOT NULL,
      code text NOT NULL,
      detail text NOT NULL,
      on_date date NOT NULL,
      last_position bigint NOT NULL,
      PRIMARY KEY (loan_id, instalment_number, attempt)
    )`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{mandates.manage}'::text[], updated_at = now()
    WHERE id = 'collections-agent' AND NOT 'mandates.manage' = ANY(permissions)`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{mandates.manage,mandates.approve}'::text[], updated_at = now()
    WHERE id = 'operations-manager' AND NOT 'mandates.approve' = ANY(permissions)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const permission of ['mandates.manage', 'mandates.approve']) {
    await sql`UPDATE staff_roles SET permissions = array_remove(permissions, ${permission})`.execute(db);
  }
  await sql`DROP TABLE mandate_manual_collections`.execute(db);
  await sql`DROP TABLE mandate_presentations`.execute(db);
  await sql`DROP TABLE mandates`.execute(db);
}
