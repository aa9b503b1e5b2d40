import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';

/** The spec's device value that tells a user's pages to fetch a fresh token and reload. */
export const DEVICE_RELOAD = 'devicereload';

export type PresenceRecord = { userId: string; status: boolean; device: string | null; lastSeenAt: Date | null };

/** The spec's users/{userId} record: status (online flag) and device (current device id or 'devicereload'). */
@Injectable()
export class PresenceRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  async setStatus(userId: string, status: boolean): Promise<PresenceRecord> {
    const row = await this.db
      .insertInto('presence')
      .values({ user_id: userId, status, device: null, last_seen_at: new Date() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ status, last_seen_at: new Date(), updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async setDevice(userId: string, device: string): Promise<PresenceRecord> {
    const row = await this.db
      .insertInto('presence')
      .values({ user_id: userId, status: false, device, last_seen_at: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ device, updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async find(userId: string): Promise<PresenceRecord | undefined> {
    const row = await this.db.selectFrom('presence').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  }
}

const toRecord = (r: { user_id: string; status: boolean; device: string | null; last_seen_at: Date | null }): PresenceRecord => ({
  userId: r.user_id,
  status: r.status,
  device: r.device,
  lastSeenAt: r.last_seen_at,
});
