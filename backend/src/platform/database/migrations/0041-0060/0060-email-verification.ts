import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 item 2: documents go to the borrower's verified email (docs/compliance.md, "Documents sent on signing").
 * `users.email_verified_at` is when the account's email was proven (a 6-digit code sent to it and typed back, or a
 * social sign-in whose token says that same email is verified); null is not verified, and changing the email clears
 * it. `email_verification_codes` keeps the newest code of each user, only as a keyed hash, with its expiry and the
 * tries so far: not a read model, nothing rebuilds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE email_verification_codes (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      id uuid NOT NULL,
      email text NOT NULL,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE email_verification_codes`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN email_verified_at`.execute(db);
}
