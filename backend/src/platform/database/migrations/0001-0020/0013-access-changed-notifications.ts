import { sql, type Kysely } from 'kysely';

/**
 * Every change that can end a session or change what its holder may do NOTIFYs `access_changed` in the changing
 * transaction, so each API process's session cache hears it on commit (never for a rollback), whichever code path,
 * CLI or hand-written SQL made it:
 *   sessions     revoked, its token version moved (or user or device, or the row deleted)   's:<session id>'
 *   users        status, role or staff role changed (or the row deleted)                    'u:<user id>'
 *   staff_roles  permissions changed (or the row deleted)                                    'r:<role id>'
 *   a TRUNCATE of any of them                                                                '*'
 * Marking a session used (last_used_at) and profile edits notify nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('access_changed', '*');
      ELSIF TG_TABLE_NAME = 'sessions' THEN
        PERFORM pg_notify('access_changed', 's:' || OLD.id);
      ELSIF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('access_changed', 'u:' || OLD.id);
      ELSE
        PERFORM pg_notify('access_changed', 'r:' || OLD.id);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_access_changed AFTER UPDATE ON sessions FOR EACH ROW
    WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.revoked_reason IS DISTINCT FROM NEW.revoked_reason
          OR OLD.token_version IS DISTINCT FROM NEW.token_version OR OLD.user_id IS DISTINCT FROM NEW.user_id
          OR OLD.device_id IS DISTINCT FROM NEW.device_id OR OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION notify_access_changed()`.execute(db);
  await sql`
    CREATE TRIGGER users_access_changed AFTER UPDATE ON users FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role
          OR OLD.staff_role_id IS DISTINCT FROM NEW.staff_role_id OR OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION notify_access_changed()`.execute(db);
  await sql`
    CREATE TRIGGER staff_roles_access_changed AFTER UPDATE ON staff_roles FOR EACH ROW
    WHEN (OLD.permissions IS DISTINCT FROM NEW.permissions OR OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION notify_access_changed()`.execute(db);
  for (const table of ['sessions', 'users', 'staff_roles']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_access_deleted`)} AFTER DELETE ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION notify_access_changed()`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${sql.raw(`${table}_access_truncated`)} AFTER TRUNCATE ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed()`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sessions', 'users', 'staff_roles']) {
    for (const name of ['access_changed', 'access_deleted', 'access_truncated']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(`${table}_${name}`)} ON ${sql.table(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION notify_access_changed()`.execute(db);
}
