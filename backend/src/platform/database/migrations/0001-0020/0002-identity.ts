import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      role text NOT NULL CHECK (role IN ('borrower', 'staff')),
      name text NOT NULL,
      email text NOT NULL,
      phone text,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email ON users (lower(email))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_phone ON users (phone) WHERE phone IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE users`.execute(db);
}
