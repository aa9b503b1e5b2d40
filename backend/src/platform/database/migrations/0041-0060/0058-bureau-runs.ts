import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 item 7: credit bureau reporting. `bureau_runs` keeps each monthly TUDF file generated from the console
 * (docs/compliance.md, "Credit bureau reporting"): the month, who generated it and when, the file exactly as it
 * passed its check, the counts, and the validation report (the loans left out, with a reason per field). Plain rows,
 * not a read model: a run is a record of what was sent, never rebuilt from the log. The new permission
 * `bureau.report` goes to the operations manager; the administrator holds every permission by definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bureau_runs (
      id uuid PRIMARY KEY,
      month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      as_of date NOT NULL,
      generated_at timestamptz NOT NULL,
      generated_by text NOT NULL,
      file text NOT NULL,
      file_sha256 text NOT NULL,
      loans_considered integer NOT NULL,
      records_reported integer NOT NULL,
      records_rejected integer NOT NULL,
      validation_report jsonb NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX bureau_runs_generated ON bureau_runs (generated_at DESC, id)`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'bureau.report'), updated_at = now()
     WHERE id = 'operations-manager' AND NOT ('bureau.report' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'bureau.report')`.execute(db);
  await sql`DROP TABLE bureau_runs`.execute(db);
}
