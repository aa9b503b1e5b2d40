import { sql, type Kysely } from 'kysely';

/**
 * Issue 10: lending stops joining identity's `users` table. `loan_borrowers` is lending's own copy of the borrower
 * fields its lists show and search (name, email, phone), kept by identity's BorrowerDirectory port: written on every
 * borrower profile identity writes, and filled at start-up for any loan's borrower it lacks (which, on the first
 * start after this migration, is every borrower with a loan). It is not a projection of the event log, so
 * `projections:rebuild` and `projections:verify` leave it alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE loan_borrowers (
      user_id uuid PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      phone text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE loan_borrowers`.execute(db);
}
