import { sql, type Kysely } from 'kysely';

/**
 * Issue 30 item 5: what close of business records of a loan (`collections` of its state) and the loan's last move
 * (`updatedAt`, `lastActor`, `lastReason`) in columns of their own, so that close of business's events that change
 * nothing else (an instalment falling due or going overdue, a change of class) update a few hundred bytes instead of
 * rewriting `loan_state` (kilobytes of JSON, compressed and out of line) on every loan a night visits
 * (lending/loan/projections/loan-state-row.ts). Existing rows are split here, as the projection now writes them;
 * `projections:verify` compares them with a rebuild as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE loan_summaries ADD COLUMN collections_state jsonb, ADD COLUMN last_move jsonb`.execute(db);
  await sql`
    UPDATE loan_summaries
       SET collections_state = loan_state -> 'collections',
           last_move = (SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(loan_state)
                         WHERE key IN ('updatedAt', 'lastActor', 'lastReason')),
           loan_state = loan_state - 'collections' - 'updatedAt' - 'lastActor' - 'lastReason'`.execute(db);
  await sql`ALTER TABLE loan_summaries ALTER COLUMN last_move SET NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE loan_summaries
       SET loan_state = loan_state || last_move
                        || CASE WHEN collections_state IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('collections', collections_state) END`.execute(
    db,
  );
  await sql`ALTER TABLE loan_summaries DROP COLUMN collections_state, DROP COLUMN last_move`.execute(db);
}
