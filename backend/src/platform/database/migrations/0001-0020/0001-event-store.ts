import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE events (
      global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      stream_id text NOT NULL,
      stream_type text NOT NULL,
      version integer NOT NULL CHECK (version > 0),
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      UNIQUE (stream_id, version)
    )`.execute(db);
  await sql`CREATE INDEX events_subscription_order ON events (transaction_id, global_position)`.execute(db);
  await sql`CREATE INDEX events_stream_type ON events (stream_type, global_position)`.execute(db);
  // The log is append-only by construction of the database, not by convention.
  await sql`
    CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the event log is append-only: % on events is not allowed', TG_OP
        USING ERRCODE = 'restrict_violation';
    END $$`.execute(db);
  await sql`CREATE TRIGGER events_no_update_or_delete BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_are_immutable()`.execute(db);
  await sql`CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable()`.execute(db);

  await sql`
    CREATE TABLE command_results (
      idempotency_key text PRIMARY KEY,
      stream_id text NOT NULL,
      command_type text NOT NULL,
      request_fingerprint text NOT NULL,
      result jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE subscription_checkpoints (
      name text PRIMARY KEY,
      transaction_id xid8 NOT NULL,
      global_position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE subscription_checkpoints, command_results`.execute(db);
  await sql`DROP TRIGGER events_no_truncate ON events`.execute(db);
  await sql`DROP TABLE events`.execute(db);
  await sql`DROP FUNCTION events_are_immutable`.execute(db);
}
