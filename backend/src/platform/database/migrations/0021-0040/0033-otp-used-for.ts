import { sql, type Kysely } from 'kysely';

/**
 * Issue 16, kill -9 under load: a signature whose code was checked but whose API died before the event was appended
 * was retried with its idempotency key and refused "code already used". A code now records what used it
 * (`used_for`: the signing request, named by loan, borrower and idempotency key), and the same request may present it
 * again; any other use still gets code-used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otp_challenges ADD COLUMN used_for text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE otp_challenges DROP COLUMN used_for`.execute(db);
}
