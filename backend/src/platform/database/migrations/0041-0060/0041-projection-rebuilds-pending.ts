import { sql, type Kysely } from 'kysely';

/**
 * A read model whose fold changed must be rebuilt before the process serves it, or `projections:verify` would report
 * every loan the new rule reads differently. `projection_rebuilds_pending` names why a rebuild is owed; the first
 * process to start after the migration rebuilds every read model from the log and clears it
 * (projections/pending-rebuilds.ts).
 *
 * Issue 27 changed the servicing fold (money received before a due date pays the next instalments in order, not
 * principal; instalment status by business date), so a database that already holds events owes one. An empty log
 * owes nothing: there is nothing to read differently.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE projection_rebuilds_pending (
      reason text PRIMARY KEY,
      requested_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO projection_rebuilds_pending (reason)
    SELECT 'issue 27: payments made early pay the next instalments; instalment status by business date'
     WHERE EXISTS (SELECT 1 FROM events)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE projection_rebuilds_pending`.execute(db);
}
