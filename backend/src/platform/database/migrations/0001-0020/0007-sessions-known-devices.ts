import { sql, type Kysely } from 'kysely';

/** Sign-in asks "has this device ever held a session of this user?" (the owner's device keeps its tries under a flood). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX sessions_user_device ON sessions (user_id, device_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sessions_user_device`.execute(db);
}
