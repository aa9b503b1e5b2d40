import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 6, agreements: `agreements`, a projection of AgreementIssued and AgreementSigned (one row per loan:
 * hash, issued, signed and the signing evidence), which the console's LoanAgreements list and Agreement page read;
 * and `agreement_sign_links`, the single-use expiring links emailed when an agreement is issued. A link is kept only
 * as the SHA-256 of its token (the email log shows it as [redacted]); it is operational data, not a projection, so
 * `projections:rebuild` leaves it alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agreements (
      loan_id uuid PRIMARY KEY,
      principal bigint NOT NULL,
      currency text NOT NULL,
      document_hash text NOT NULL,
      issued_at timestamptz NOT NULL,
      issued_by uuid NOT NULL,
      signed_at timestamptz,
      signed_document_hash text,
      evidence jsonb,
      last_position bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX agreements_issued ON agreements (issued_at DESC, loan_id)`.execute(db);
  // Agreements issued before this migration: the projection's rows from the log, as a replay would write them.
  await sql`
    INSERT INTO agreements (loan_id, principal, currency, document_hash, issued_at, issued_by, last_position)
    SELECT DISTINCT ON (stream_id) substr(stream_id, 6)::uuid, (data->'terms'->>'principal')::bigint, data->'terms'->>'currency',
           data->>'documentHash', (data->>'at')::timestamptz, (data->'actor'->>'id')::uuid, global_position
      FROM events WHERE type = 'AgreementIssued' AND stream_id LIKE 'loan-%'
     ORDER BY stream_id, global_position DESC`.execute(db);
  await sql`
    UPDATE agreements a SET signed_at = (e.data->>'at')::timestamptz, signed_document_hash = e.data->>'documentHash',
           evidence = e.data->'evidence', last_position = e.global_position
      FROM events e
     WHERE e.type = 'AgreementSigned' AND e.stream_id = 'loan-' || a.loan_id AND e.global_position > a.last_position`.execute(db);
  await sql`
    CREATE TABLE agreement_sign_links (
      id uuid PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      loan_id uuid NOT NULL,
      document_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX agreement_sign_links_loan ON agreement_sign_links (loan_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE agreement_sign_links`.execute(db);
  await sql`DROP TABLE agreements`.execute(db);
}
