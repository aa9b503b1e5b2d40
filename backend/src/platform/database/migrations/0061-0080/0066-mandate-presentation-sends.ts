import { sql, type Kysely } from 'kysely';

/**
 * `mandate_presentation_sends`: the write-ahead record of auto-debit presentations being sent (docs/mandates.md,
 * "Presentations at scale"). Close of business writes a row per presentation, in a transaction of its own, before the
 * page is sent to the provider, and deletes it once the presentation is recorded on the loan's stream. A row left by
 * a crash between sending and recording is what the next run and the provider's webhook read to record the debit the
 * provider may hold. Not a read model: it is not rebuilt from the log (the log cannot hold what it was about to say).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mandate_presentation_sends (
      presentation_id text PRIMARY KEY,
      loan_id uuid NOT NULL,
      presentation jsonb NOT NULL,
      mandate_reference text NOT NULL,
      kind text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mandate_presentation_sends`.execute(db);
}
