import { sql, type Kysely } from 'kysely';

/** The dashboard's activity graph counts loans by the day they were submitted, finally approved and paid out. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX loan_summaries_submitted_at ON loan_summaries (submitted_at) WHERE submitted_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX loan_summaries_final_approved_at ON loan_summaries (final_approved_at) WHERE final_approved_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX loan_summaries_disbursed_on ON loan_summaries (disbursed_on) WHERE disbursed_on IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX loan_summaries_submitted_at, loan_summaries_final_approved_at, loan_summaries_disbursed_on`.execute(db);
}
