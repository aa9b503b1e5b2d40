import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 item 5 (DPDP Act, 2023): the consents a borrower gives. `consent_texts` keeps each text shown, by purpose
 * and version, with its SHA-256, so what a borrower agreed to can be read back whatever the text says today.
 * `borrower_consents` is one row per consent given: purpose, the text's version and hash, channel, what it was given
 * for (`reference`: the quick start's lead, the signed loan; one consent per purpose and reference), when given, and
 * when withdrawn (a withdrawal sets `withdrawn_at`; the row is never deleted). Recorded when given, never backfilled:
 * borrowers who finished quick start before this have no rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE consent_texts (
      purpose text NOT NULL,
      version text NOT NULL,
      text text NOT NULL,
      hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (purpose, version)
    )`.execute(db);
  await sql`
    CREATE TABLE borrower_consents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      borrower_id uuid NOT NULL REFERENCES users (id),
      purpose text NOT NULL CHECK (purpose IN ('credit-check', 'terms', 'privacy', 'communications', 'bureau-reporting')),
      text_version text NOT NULL,
      text_hash text NOT NULL,
      channel text NOT NULL,
      reference text NOT NULL,
      given_at timestamptz NOT NULL,
      withdrawn_at timestamptz,
      FOREIGN KEY (purpose, text_version) REFERENCES consent_texts (purpose, version),
      UNIQUE (borrower_id, purpose, reference)
    )`.execute(db);
  await sql`CREATE INDEX borrower_consents_borrower ON borrower_consents (borrower_id, purpose, given_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE borrower_consents`.execute(db);
  await sql`DROP TABLE consent_texts`.execute(db);
}
