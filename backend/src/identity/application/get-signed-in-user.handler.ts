import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { unauthenticated } from '../auth/auth.errors.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { publicUser } from '../users/user.record.js';
import { UsersRepository } from '../users/users.repository.js';
import { DefaultPasswordCheck } from '../users/default-password-check.js';

export class GetSignedInUser extends Query<{ user: ReturnType<typeof publicUser>; defaultPasswordInUse?: true }> {
  constructor(readonly caller: AuthenticatedUser) {
    super();
  }
}

/** The spec's GET /api/users/admin: the client reads user.user._id for presence and device tracking. */
@QueryHandler(GetSignedInUser)
export class GetSignedInUserHandler implements IQueryHandler<GetSignedInUser> {
  constructor(
    private readonly users: UsersRepository,
    private readonly defaultPassword: DefaultPasswordCheck,
  ) {}

  async execute({ caller }: GetSignedInUser) {
    const user = await this.users.findById(caller.id);
    if (!user) throw unauthenticated('This account no longer exists.');
    // Development only: the console shows a warning while the first staff user keeps the default password.
    const warning = (await this.defaultPassword.inUse(user)) ? { defaultPasswordInUse: true as const } : {};
    return { user: publicUser(user, caller.permissions), ...warning };
  }
}
