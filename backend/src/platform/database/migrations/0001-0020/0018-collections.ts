import { sql, type Kysely } from 'kysely';

/**
 * Issue 13, collections: close of business ages loans in their own streams, and loan_summaries (rebuilt from the
 * log) carries each loan's RBI classification, its days past due as of the last change, and the oldest unpaid due
 * date then. The partial index finds the loans COB must also look at after they closed (classification not
 * standard). `collections.manage` already exists (0004) and the administrator holds every permission by definition,
 * so no grant is needed here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE loan_summaries
      ADD COLUMN dpd integer NOT NULL DEFAULT 0,
      ADD COLUMN classification text NOT NULL DEFAULT 'standard',
      ADD COLUMN overdue_since date`.execute(db);
  await sql`CREATE INDEX loan_summaries_close_of_business ON loan_summaries (id) WHERE state = 'active' OR classification <> 'standard'`.execute(
    db,
  );
  await sql`CREATE INDEX loan_summaries_classification ON loan_summaries (classification, dpd DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX loan_summaries_classification`.execute(db);
  await sql`DROP INDEX loan_summaries_close_of_business`.execute(db);
  await sql`ALTER TABLE loan_summaries DROP COLUMN overdue_since, DROP COLUMN classification, DROP COLUMN dpd`.execute(db);
}
