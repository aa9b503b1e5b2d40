import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createMigratedTestDatabase } from '../../../test/support/test-database.js';
import { waitFor } from '../../../test/support/wait-for.js';
import { NotificationListener } from './notification-listener.js';

let database: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
beforeAll(async () => {
  database = await createMigratedTestDatabase('notification-listener');
});
afterAll(async () => {
  await database?.close();
});

describe('NotificationListener', () => {
  it('hears what commits, not what rolls back; reports going down and coming back; hears again after', async () => {
    const heard: string[] = [];
    const live: boolean[] = [];
    const listener = new NotificationListener(
      database.url,
      'test_channel',
      { onNotification: (p) => heard.push(p), onLive: (l) => live.push(l) },
      { instance: 'spec' },
    );
    await listener.start();
    try {
      expect(live).toEqual([true]);
      await sql`SELECT pg_notify('test_channel', 'one')`.execute(database.db);
      await database.db
        .transaction()
        .execute(async (trx) => {
          await sql`SELECT pg_notify('test_channel', 'rolled back')`.execute(trx);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await sql`SELECT pg_notify('test_channel', 'two')`.execute(database.db);
      await waitFor(() => heard.length >= 2, 'two notifications');
      expect(heard).toEqual(['one', 'two']);

      const killed = await sql<{
        ok: boolean;
      }>`SELECT pg_terminate_backend(pid, 5000) AS ok FROM pg_stat_activity WHERE application_name = ${listener.applicationName}`.execute(
        database.db,
      );
      expect(killed.rows).toEqual([{ ok: true }]);
      await waitFor(() => live.length >= 3, 'down, then live again', 20_000);
      expect(live).toEqual([true, false, true]);
      await sql`SELECT pg_notify('test_channel', 'three')`.execute(database.db);
      await waitFor(() => heard.length >= 3, 'a notification after reconnecting');
      expect(heard.at(-1)).toBe('three');
    } finally {
      await listener.stop();
    }
    expect(live.at(-1)).toBe(false);
  });

  it('the triggers of migration 0013 notify access_changed for session, user and role changes only', async () => {
    const heard: string[] = [];
    const listener = new NotificationListener(database.url, 'access_changed', {
      onNotification: (p) => heard.push(p),
      onLive: () => undefined,
    });
    await listener.start();
    const db = database.db;
    try {
      const user = await db
        .insertInto('users')
        .values({
          id: randomUUID(),
          email: `t${Date.now()}@x.test`,
          name: 'T',
          role: 'staff',
          staff_role_id: 'viewer',
          phone: null,
          password_hash: 'x',
          firebase_uid: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const session = await db
        .insertInto('sessions')
        .values({ id: randomUUID(), user_id: user.id, device_id: 'd', user_agent: null, ip: null, revoked_at: null, revoked_reason: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('sessions').set({ last_used_at: new Date() }).where('id', '=', session.id).execute(); // no notification
      await db.updateTable('users').set({ name: 'Renamed' }).where('id', '=', user.id).execute(); // no notification
      await db.updateTable('sessions').set({ token_version: 2 }).where('id', '=', session.id).execute();
      await db.updateTable('sessions').set({ revoked_at: new Date(), revoked_reason: 'logout' }).where('id', '=', session.id).execute();
      await db.updateTable('users').set({ status: 'disabled' }).where('id', '=', user.id).execute();
      await db.updateTable('staff_roles').set({ description: 'edited' }).where('id', '=', 'viewer').execute(); // no notification
      await db
        .updateTable('staff_roles')
        .set({ permissions: ['loans.view'] })
        .where('id', '=', 'viewer')
        .execute();
      await sql`SELECT pg_notify('access_changed', 'end')`.execute(db);
      await waitFor(() => heard.includes('end'), 'the end marker');
      expect(heard).toEqual([`s:${session.id}`, `s:${session.id}`, `u:${user.id}`, 'r:viewer', 'end']);
    } finally {
      await listener.stop();
    }
  });
});
