import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { RUNTIME, type Runtime } from '../../../platform/runtime.js';
import { PasswordHasher } from '../../users/password-hasher.js';
import { ADMINISTRATOR_ROLE } from '../../roles/staff-roles.repository.js';
import { DuplicateUser, UsersRepository } from '../../users/users.repository.js';

/** On an empty database, creates the first staff user from ADMIN_EMAIL / ADMIN_PASSWORD so someone can sign in. */
@Injectable()
export class SeedFirstStaffUser implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.users.countStaff()) > 0) return;
    try {
      await this.users.insert({
        id: randomUUID(),
        role: 'staff',
        name: 'Administrator',
        email: this.config.admin.email,
        phone: null,
        passwordHash: await this.hasher.hash(this.config.admin.password),
        staffRoleId: ADMINISTRATOR_ROLE,
      });
      this.runtime.log(`Created the first staff user ${this.config.admin.email} (from ADMIN_EMAIL / ADMIN_PASSWORD).`);
    } catch (error) {
      if (!(error instanceof DuplicateUser)) throw error; // another process seeded it first
    }
  }
}
