import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { SessionRevokedReason } from '../../platform/database/schema.js';

export type SessionRecord = {
  id: string;
  userId: string;
  deviceId: string;
  tokenVersion: number;
  revokedAt: Date | null;
  revokedReason: SessionRevokedReason | null;
};

/** A session joined with what the guard needs to know about its user on every request. */
export type LiveSession = SessionRecord & {
  lastUsedAt: Date;
  user: { role: 'borrower' | 'staff'; status: 'active' | 'disabled'; staffRoleId: string | null; rolePermissions: string[] | null };
};

@Injectable()
export class SessionsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /**
   * Opens a session on `deviceId` and, in the same transaction, ends every live session of the user on another
   * device (single device per user) and records the device on the presence record. Answers the sessions it ended.
   */
  async open(
    userId: string,
    deviceId: string,
    meta: { userAgent?: string; ip?: string },
  ): Promise<{ session: SessionRecord; superseded: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      // Serialises concurrent sign-ins of one user, so two devices cannot both end up live.
      await sql`SELECT pg_advisory_xact_lock(hashtext('session:' || ${userId}))`.execute(trx);
      const ended = await trx
        .updateTable('sessions')
        .set({ revoked_at: new Date(), revoked_reason: 'superseded' })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('device_id', '<>', deviceId)
        .returning('id')
        .execute();
      const row = await trx
        .insertInto('sessions')
        .values({
          id: randomUUID(),
          user_id: userId,
          device_id: deviceId,
          user_agent: meta.userAgent?.slice(0, 300) ?? null,
          ip: meta.ip ?? null,
          revoked_at: null,
          revoked_reason: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('presence')
        .values({ user_id: userId, status: false, device: deviceId, last_seen_at: null })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ device: deviceId, updated_at: new Date() }))
        .execute();
      return { session: toRecord(row), superseded: ended.map((e) => e.id) };
    });
  }

  /** Whether this device ever held a session of this user (any sign-in, ended or not): a device the owner has used. */
  async isKnownDevice(userId: string, deviceId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('device_id', '=', deviceId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async findLive(sessionId: string): Promise<LiveSession | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('staff_roles as r', 'r.id', 'u.staff_role_id')
      .select([
        's.id',
        's.user_id',
        's.device_id',
        's.token_version',
        's.revoked_at',
        's.revoked_reason',
        's.last_used_at',
        'u.role',
        'u.status',
        'u.staff_role_id',
        'r.permissions',
      ])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...toRecord(row),
      lastUsedAt: row.last_used_at,
      user: { role: row.role, status: row.status, staffRoleId: row.staff_role_id, rolePermissions: row.permissions },
    };
  }

  /** Records use; callers skip it while the last mark is under a minute old, so a busy session costs no write per request. */
  async touch(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_used_at: new Date() })
      .where('id', '=', sessionId)
      .where('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)
      .execute();
  }

  /** A new token for the session; older tokens of it stop working. Answers undefined if the session has ended. */
  async nextTokenVersion(sessionId: string): Promise<SessionRecord | undefined> {
    const row = await this.db
      .updateTable('sessions')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), last_used_at: new Date() }))
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }

  async revoke(sessionId: string, reason: SessionRevokedReason): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every live session of a user; answers their ids so open pages can be told. */
  async revokeAllOf(userId: string, reason: SessionRevokedReason, trx: Db = this.db): Promise<string[]> {
    const rows = await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}

type Row = {
  id: string;
  user_id: string;
  device_id: string;
  token_version: number;
  revoked_at: Date | null;
  revoked_reason: SessionRevokedReason | null;
};

const toRecord = (r: Row): SessionRecord => ({
  id: r.id,
  userId: r.user_id,
  deviceId: r.device_id,
  tokenVersion: r.token_version,
  revokedAt: r.revoked_at,
  revokedReason: r.revoked_reason,
});
