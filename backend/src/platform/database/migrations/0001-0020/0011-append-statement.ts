import { sql, type Kysely } from 'kysely';

/**
 * The append is one statement (PostgresEventStore): the answer of an idempotent command is stored in it before the
 * positions of its events are known to the writer, so the position of the command's last event gets a column of its
 * own, filled by the same statement. Rows written before keep it in their result (NULL here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE command_results ADD COLUMN last_position bigint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE command_results DROP COLUMN last_position`.execute(db);
}
