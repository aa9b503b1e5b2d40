import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, DEFAULT_ADMIN_PASSWORD, type AppConfig } from '../../platform/config/config.js';
import { PasswordHasher } from './password-hasher.js';
import type { UserRecord } from './user.record.js';

/**
 * Whether the first staff user (ADMIN_EMAIL) still signs in with the development default password, so the console
 * can warn. Never in production (start-up refuses that password there), never for anyone else. The answer is cached
 * per stored hash: one argon2 verification after start-up and after each password change, not one per request.
 */
@Injectable()
export class DefaultPasswordCheck {
  private last?: { hash: string; inUse: Promise<boolean> };

  constructor(
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  inUse(user: UserRecord): Promise<boolean> {
    if (this.config.env === 'production' || user.role !== 'staff' || user.email !== this.config.admin.email || !user.passwordHash)
      return Promise.resolve(false);
    if (this.last?.hash !== user.passwordHash)
      this.last = { hash: user.passwordHash, inUse: this.hasher.verify(user.passwordHash, DEFAULT_ADMIN_PASSWORD) };
    return this.last.inUse;
  }
}
