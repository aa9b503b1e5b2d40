import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { unauthenticated } from '../auth/auth-problems.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { publicUser } from '../users/user.record.js';
import { UsersRepository } from '../users/users.repository.js';

export class GetSignedInUser extends Query<{ user: ReturnType<typeof publicUser> }> {
  constructor(readonly caller: AuthenticatedUser) {
    super();
  }
}

/** The spec's GET /api/users/admin: the client reads user.user._id for presence and device tracking. */
@QueryHandler(GetSignedInUser)
export class GetSignedInUserHandler implements IQueryHandler<GetSignedInUser> {
  constructor(private readonly users: UsersRepository) {}

  async execute({ caller }: GetSignedInUser) {
    const user = await this.users.findById(caller.id);
    if (!user) throw unauthenticated('This account no longer exists.');
    return { user: publicUser(user, caller.permissions) };
  }
}
