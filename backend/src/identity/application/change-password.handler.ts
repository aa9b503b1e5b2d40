import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../platform/database/database.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { DEVICE_NOTIFIER, type DeviceNotifier } from '../presence/device-notifier.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';
import { wrongCurrentPassword } from '../domain/identity.errors.js';
import { SessionCache } from '../auth/session-cache.js';

export class ChangePassword extends Command<{ message: string }> {
  constructor(
    readonly caller: AuthenticatedUser,
    readonly currentPassword: string,
    readonly newPassword: string,
    readonly ip = 'unknown',
  ) {
    super();
  }
}

/**
 * Needs the current password; every other session of the account ends, this one stays signed in. A wrong current
 * password counts like a failed sign-in, reserved before the check (so a stolen session cannot be used to guess the
 * password in a parallel burst): per account (RATE_LIMIT_LOGIN_FAILURES per 15 minutes) and per address.
 */
@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly cache: SessionCache,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(DEVICE_NOTIFIER) private readonly notifier: DeviceNotifier,
    private readonly limits: RateLimiter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, currentPassword, newPassword, ip }: ChangePassword) {
    const user = await this.users.findById(caller.id);
    const [accountSlot, ipSlot] = await this.limits.reserve(['password-change-failures', caller.id], ['login-failures-ip', ip]);
    let ok: boolean;
    try {
      ok = await this.hasher.verify(user?.passwordHash ?? undefined, currentPassword);
    } catch (error) {
      await this.limits.release(accountSlot, ipSlot);
      throw error;
    }
    if (!user || !ok) {
      throw wrongCurrentPassword();
    }
    await this.limits.reset(accountSlot.rule, accountSlot.subject);
    await this.limits.release(ipSlot);
    const passwordHash = await this.hasher.hash(newPassword);
    const ended = await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: this.clock.now() })
        .where('id', '=', caller.id)
        .execute();
      const rows = await trx
        .updateTable('sessions')
        .set({ revoked_at: this.clock.now(), revoked_reason: 'password-reset' })
        .where('user_id', '=', caller.id)
        .where('revoked_at', 'is', null)
        .where('id', '<>', caller.sessionId)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    });
    if (ended.length > 0) await this.cache.settle(); // the other sessions are out of every API process's cache
    this.notifier.sessionsEnded(ended, 'password-reset');
    return { message: 'Your password has been changed.' };
  }
}
