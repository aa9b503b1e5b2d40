import { sql, type Kysely } from 'kysely';

/**
 * Issue 27 item 4: close of business run from the console. `close_of_business_runs` is the log of those runs (who,
 * for which date, progress while it runs, the summary after): plain rows, not a read model (the run's events are in
 * the loans' streams). At most one run is `running` at a time (the partial unique index), so two clicks or two staff
 * members cannot start two. The new permission `cob.run` goes to every role that could already move the business
 * date or run close of business through the API (business-date.manage, collections.manage); the administrator holds
 * every permission by definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE close_of_business_runs (
      id uuid PRIMARY KEY,
      date date NOT NULL,
      business_date date NOT NULL,
      status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
      requested_by text NOT NULL,
      started_at timestamptz NOT NULL,
      heartbeat_at timestamptz NOT NULL,
      finished_at timestamptz,
      loans_to_visit integer NOT NULL,
      loans_visited integer NOT NULL DEFAULT 0,
      loans_aged integer NOT NULL DEFAULT 0,
      events_appended integer NOT NULL DEFAULT 0,
      reclassified integer NOT NULL DEFAULT 0,
      penalties_applied integer NOT NULL DEFAULT 0,
      reminders_queued integer NOT NULL DEFAULT 0,
      failure text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX close_of_business_runs_one_running ON close_of_business_runs ((true)) WHERE status = 'running'`.execute(db);
  await sql`CREATE INDEX close_of_business_runs_started ON close_of_business_runs (started_at DESC)`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = permissions || '{cob.run}'::text[], updated_at = now()
    WHERE ('business-date.manage' = ANY(permissions) OR 'collections.manage' = ANY(permissions)) AND NOT 'cob.run' = ANY(permissions)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'cob.run')`.execute(db);
  await sql`DROP TABLE close_of_business_runs`.execute(db);
}
