import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 item 5, settlement and write-off under maker-checker: `settlement_offers` (a projection of the loan
 * streams' settlement events). The loan states `settled` and `writtenOff` get
 * their queues' zero counters (as a recount writes them for every queue). The permissions: a collections agent
 * offers settlements and asks for write-offs (collections.settle, loans.write-off); an operations manager approves
 * both (collections.settle.approve, loans.write-off.approve) and may also make them, never approving their own
 * (the decider refuses: 403 same-person). The administrator holds every permission by definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per settlement offer (projection settlement-offers): the loan page's list, and the loan of an offer id.
  await sql`
    CREATE TABLE settlement_offers (
      id uuid PRIMARY KEY,
      loan_id uuid NOT NULL,
      amount bigint NOT NULL,
      valid_until date NOT NULL,
      reason text NOT NULL,
      status text NOT NULL,
      offered_by text NOT NULL,
      offered_at timestamptz NOT NULL,
      approved_by text,
      approved_at timestamptz,
      amount_paid bigint,
      waived jsonb,
      settled_on date,
      last_position bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX settlement_offers_loan ON settlement_offers (loan_id, offered_at)`.execute(db);
  await sql`
    INSERT INTO loan_queue_counts (queue, type, slot, n)
    SELECT q, t, s, 0 FROM unnest(ARRAY['settled', 'writtenOff']) q, unnest(ARRAY['EMI', 'salaryAdvance']) t, generate_series(0, 15) s
    ON CONFLICT (queue, type, slot) DO NOTHING`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{collections.settle,loans.write-off}'::text[], updated_at = now()
    WHERE id = 'collections-agent' AND NOT 'collections.settle' = ANY(permissions)`.execute(db);
  await sql`
    UPDATE staff_roles
    SET permissions = permissions || '{collections.settle,collections.settle.approve,loans.write-off,loans.write-off.approve}'::text[], updated_at = now()
    WHERE id = 'operations-manager' AND NOT 'collections.settle.approve' = ANY(permissions)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const permission of ['collections.settle', 'collections.settle.approve', 'loans.write-off', 'loans.write-off.approve']) {
    await sql`UPDATE staff_roles SET permissions = array_remove(permissions, ${permission})`.execute(db);
  }
  await sql`DELETE FROM loan_queue_counts WHERE queue IN ('settled', 'writtenOff')`.execute(db);
  await sql`DROP TABLE settlement_offers`.execute(db);
}
