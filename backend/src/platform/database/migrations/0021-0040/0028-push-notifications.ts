import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 item 2, push notifications. `push_tokens`: one FCM registration per borrower device (the device id of
 * the session that registered it), with its subscription options (spec §3: endpoint, auth, p256dh, service worker
 * scope, VAPID key), created and refreshed times. `pushes`: the log of every push, one per (event, token), written
 * before its job is queued so a re-delivered event queues nothing new. `pushes.view` goes to the operations
 * manager, who also holds emails.view; the administrator holds every permission by definition.
 *
 * And an index of the event log by type and time, for the dashboard's application funnel (loans started in a period).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE push_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id),
      session_id uuid NOT NULL,
      device_id text NOT NULL,
      token text NOT NULL UNIQUE,
      options jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      refreshed_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, device_id)
    )`.execute(db);
  await sql`
    CREATE TABLE pushes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      dedupe_key text NOT NULL UNIQUE,
      user_id uuid NOT NULL,
      token_id uuid,
      token_tail text NOT NULL,
      topic text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      link text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'logged', 'failed', 'token-removed', 'skipped')),
      attempts integer NOT NULL DEFAULT 0,
      message_id text,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX pushes_by_time ON pushes (created_at DESC)`.execute(db);
  await sql`CREATE INDEX pushes_by_user ON pushes (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX events_type_time ON events (type, recorded_at)`.execute(db);
  await sql`
    UPDATE staff_roles SET permissions = array_append(permissions, 'pushes.view')
     WHERE id = 'operations-manager' AND NOT ('pushes.view' = ANY (permissions))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX events_type_time`.execute(db);
  await sql`DROP TABLE pushes`.execute(db);
  await sql`DROP TABLE push_tokens`.execute(db);
  await sql`UPDATE staff_roles SET permissions = array_remove(permissions, 'pushes.view')`.execute(db);
}
