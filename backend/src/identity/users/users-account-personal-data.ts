import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import { AccountPersonalData, type AccountRecord, type DeviceSessionRecord } from '../public/account-personal-data.port.js';
import { BorrowerProfileFeed } from './borrower-profile-feed.js';

/** What an anonymised account's name says, and the address its email becomes (`.invalid` never delivers: RFC 2606). */
export const ERASED_NAME = 'Erased borrower';
export const erasedEmail = (borrowerId: string) => `erased-${borrowerId}@erased.invalid`;

/** AccountPersonalData over `users`, `sessions`, `presence` and `password_resets`. */
@Injectable()
export class UsersAccountPersonalData extends AccountPersonalData {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly feed: BorrowerProfileFeed,
  ) {
    super();
  }

  async exportOf(borrowerId: string): Promise<{ account: AccountRecord; sessions: DeviceSessionRecord[] } | undefined> {
    const user = await this.db
      .selectFrom('users')
      .select(['name', 'email', 'phone', 'status', 'created_at'])
      .where('id', '=', borrowerId)
      .where('role', '=', 'borrower')
      .executeTakeFirst();
    if (!user) return undefined;
    const sessions = await this.db
      .selectFrom('sessions')
      .select(['device_id', 'user_agent', 'ip', 'created_at', 'last_used_at', 'revoked_at', 'revoked_reason'])
      .where('user_id', '=', borrowerId)
      .orderBy('created_at', 'desc')
      .execute();
    return {
      account: { name: user.name, email: user.email, phone: user.phone, status: user.status, createdAt: user.created_at.toISOString() },
      sessions: sessions.map((s) => ({
        deviceId: s.device_id,
        userAgent: s.user_agent,
        ip: s.ip,
        createdAt: s.created_at.toISOString(),
        lastUsedAt: s.last_used_at.toISOString(),
        revokedAt: s.revoked_at?.toISOString() ?? null,
        revokedReason: s.revoked_reason,
      })),
    };
  }

  async eraseSessions(trx: Db, borrowerId: string): Promise<number> {
    await trx.deleteFrom('password_resets').where('user_id', '=', borrowerId).execute();
    await trx.deleteFrom('presence').where('user_id', '=', borrowerId).execute();
    const deleted = await trx.deleteFrom('sessions').where('user_id', '=', borrowerId).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async anonymise(trx: Db, borrowerId: string): Promise<void> {
    const phone = trx.selectFrom('users').select('phone').where('id', '=', borrowerId);
    await trx.deleteFrom('otp_challenges').where('phone', '=', phone).execute();
    await trx
      .updateTable('users')
      .set({
        name: ERASED_NAME,
        email: erasedEmail(borrowerId),
        email_verified_at: null,
        phone: null,
        password_hash: null,
        firebase_uid: null,
        status: 'disabled',
        updated_at: new Date(),
      })
      .where('id', '=', borrowerId)
      .where('role', '=', 'borrower')
      .execute();
    await trx.deleteFrom('phone_collisions').where('user_id', '=', borrowerId).execute();
    await trx.deleteFrom('email_verification_codes').where('user_id', '=', borrowerId).execute();
  }

  async announce(borrowerId: string): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'role', 'name', 'email', 'phone', 'staff_role_id', 'status', 'firebase_uid', 'email_verified_at', 'created_at'])
      .where('id', '=', borrowerId)
      .executeTakeFirst();
    if (user)
      await this.feed.written({
        id: user.id,
        role: user.role,
        name: user.name,
        email: user.email,
        phone: user.phone,
        passwordHash: null,
        staffRoleId: user.staff_role_id,
        status: user.status,
        firebaseUid: user.firebase_uid,
        emailVerifiedAt: user.email_verified_at,
        createdAt: user.created_at,
      });
  }
}
