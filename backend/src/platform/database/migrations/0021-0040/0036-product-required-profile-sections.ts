import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 follow-up: the profile sections a borrower must complete before submitting an application are a term of
 * the product version the loan pins. `required_profile_sections` lists them; null (every version made before this
 * column, and one created without the list) means the deployment's PROFILE_REQUIRED_SECTIONS setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE loan_product_versions ADD COLUMN required_profile_sections text[]
      CHECK (required_profile_sections <@ ARRAY['profile', 'address', 'bank', 'documents', 'employment', 'reference', 'selfie']::text[])`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_product_versions DROP COLUMN required_profile_sections`.execute(db);
}
