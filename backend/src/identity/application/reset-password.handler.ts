import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../platform/database/database.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { PasswordResetsRepository } from '../passwords/password-resets.repository.js';
import { DEVICE_NOTIFIER, type DeviceNotifier } from '../presence/device-notifier.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { resetLinkInvalid } from '../domain/identity.errors.js';
import { SessionCache } from '../auth/session-cache.js';

export class ResetPassword extends Command<{ message: string }> {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly ip: string,
  ) {
    super();
  }
}

/** Sets the new password, uses up the link and ends every session of the account, in one transaction. */
@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly resets: PasswordResetsRepository,
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
    private readonly hasher: PasswordHasher,
    private readonly limits: RateLimiter,
    @Inject(DEVICE_NOTIFIER) private readonly notifier: DeviceNotifier,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ token, password, ip }: ResetPassword) {
    await this.limits.consume('password-resets-ip', ip);
    const passwordHash = await this.hasher.hash(password);
    const ended = await this.db.transaction().execute(async (trx) => {
      const userId = await this.resets.claim(token, trx);
      if (!userId) throw resetLinkInvalid();
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: this.clock.now() }).where('id', '=', userId).execute();
      await this.resets.voidAllOf(userId, trx);
      return this.sessions.revokeAllOf(userId, 'password-reset', trx);
    });
    if (ended.length > 0) await this.cache.settle(); // the ended sessions are out of every API process's cache
    this.notifier.sessionsEnded(ended, 'password-reset');
    return { message: 'Your password has been changed. Sign in with the new password.' };
  }
}
