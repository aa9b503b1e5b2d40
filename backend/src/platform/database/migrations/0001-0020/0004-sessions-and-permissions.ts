import { sql, type Kysely } from 'kysely';

/**
 * Staff roles with named permissions, single-device sessions, presence, password resets and the PostgreSQL
 * fallback for rate-limit counters. The built-in roles are seeded here; 'administrator' holds every permission
 * by definition (identity/permissions), so its stored list is only informative.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE staff_roles (
      id text PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      permissions text[] NOT NULL DEFAULT '{}',
      built_in boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX staff_roles_name ON staff_roles (lower(name))`.execute(db);
  await sql`
    INSERT INTO staff_roles (id, name, description, permissions, built_in) VALUES
      ('administrator', 'Administrator', 'Every permission, including staff and roles.', '{}', true),
      ('credit-officer', 'Credit officer', 'Works applications from intake through bank verification and agreements.',
        '{loans.view,loans.accept,loans.soft.approve,loans.bank.approve,loans.agreement.issue,loans.reject,customers.view,leads.manage}', true),
      ('operations-manager', 'Operations manager', 'Final approval and disbursal.',
        '{loans.view,loans.final.approve,loans.disburse,loans.reject,customers.view,emails.view}', true),
      ('collections-agent', 'Collections agent', 'Works collection buckets.', '{loans.view,customers.view,collections.manage}', true),
      ('viewer', 'Viewer', 'Reads loans and staff; changes nothing.', '{loans.view,users.view}', true)
  `.execute(db);

  await sql`
    ALTER TABLE users
      ADD COLUMN staff_role_id text REFERENCES staff_roles (id),
      ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      ADD COLUMN firebase_uid text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ALTER COLUMN password_hash DROP NOT NULL`.execute(db);
  await sql`UPDATE users SET staff_role_id = 'administrator' WHERE role = 'staff'`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_staff_have_a_role CHECK (role <> 'staff' OR staff_role_id IS NOT NULL)`.execute(db);
  await sql`CREATE UNIQUE INDEX users_firebase_uid ON users (firebase_uid) WHERE firebase_uid IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id),
      device_id text NOT NULL,
      token_version integer NOT NULL DEFAULT 1,
      user_agent text,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_reason text CHECK (revoked_reason IN ('superseded', 'logout', 'password-reset', 'disabled'))
    )`.execute(db);
  await sql`CREATE INDEX sessions_live ON sessions (user_id) WHERE revoked_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE presence (
      user_id uuid PRIMARY KEY REFERENCES users (id),
      status boolean NOT NULL DEFAULT false,
      device text,
      last_seen_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE password_resets (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id),
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_resets_user ON password_resets (user_id)`.execute(db);

  await sql`
    CREATE TABLE rate_limit_counters (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limit_counters, password_resets, presence, sessions`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT users_staff_have_a_role, DROP COLUMN staff_role_id, DROP COLUMN status, DROP COLUMN firebase_uid, DROP COLUMN updated_at`.execute(
    db,
  );
  await sql`DROP TABLE staff_roles`.execute(db);
}
