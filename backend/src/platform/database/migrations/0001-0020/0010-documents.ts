import { sql, type Kysely } from 'kysely';

/**
 * Documents behind the DocumentStorage port (platform/storage), when they live in PostgreSQL (the default). The
 * rendered agreements move here from `agreement_documents`, byte for byte, under `agreements/<loan id>/<sha256>.pdf`,
 * so the SHA-256 that each AgreementIssued event records still names them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE documents (
      key text PRIMARY KEY,
      content_type text NOT NULL,
      content bytea NOT NULL,
      stored_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO documents (key, content_type, content, stored_at)
    SELECT 'agreements/' || loan_id || '/' || document_hash || '.pdf', 'application/pdf', content, created_at FROM agreement_documents`.execute(
    db,
  );
  await sql`DROP TABLE agreement_documents`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agreement_documents (
      document_hash text PRIMARY KEY,
      loan_id uuid NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO agreement_documents (document_hash, loan_id, content, created_at)
    SELECT regexp_replace(split_part(key, '/', 3), '\\.pdf$', ''), split_part(key, '/', 2)::uuid, content, stored_at FROM documents WHERE key LIKE 'agreements/%'`.execute(
    db,
  );
  await sql`DROP TABLE documents`.execute(db);
}
