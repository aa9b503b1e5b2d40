import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 item 5 (DPDP Act, 2023, section 12): a borrower's requests to erase their personal data. One row per
 * request: the optional reason, when asked, and once staff carry it out, who and when, with the answer (`answer`:
 * what was erased and what was kept, why and until when). At most one request waits per borrower. `customers.erasure`
 * (carry out a request) is given to the operations manager.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE erasure_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      borrower_id uuid NOT NULL REFERENCES users (id),
      reason text,
      status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'carried-out')),
      requested_at timestamptz NOT NULL,
      carried_out_by uuid,
      carried_out_at timestamptz,
      answer jsonb
    )`.execute(db);
  await sql`CREATE INDEX erasure_requests_borrower ON erasure_requests (borrower_id, requested_at DESC)`.execute(db);
  await sql`CREATE UNIQUE INDEX erasure_requests_one_waiting ON erasure_requests (borrower_id) WHERE status = 'requested'`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{customers.erasure}'::text[], updated_at = now()
    WHERE id = 'operations-manager' AND NOT 'customers.erasure' = ANY(permissions)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'customers.erasure')`.execute(db);
  await sql`DROP TABLE erasure_requests`.execute(db);
}
