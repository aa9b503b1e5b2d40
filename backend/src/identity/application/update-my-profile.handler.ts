import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { unauthenticated } from '../auth/auth.errors.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { publicUser } from '../users/user.record.js';
import { rethrowAsAlreadyInUse, UsersRepository } from '../users/users.repository.js';

export class UpdateMyProfile extends Command<ReturnType<typeof publicUser>> {
  constructor(
    readonly caller: AuthenticatedUser,
    readonly change: { name?: string; phone?: string },
  ) {
    super();
  }
}

/** A signed-in user's own name and phone (email is the sign-in identity and changes only through support). */
@CommandHandler(UpdateMyProfile)
export class UpdateMyProfileHandler implements ICommandHandler<UpdateMyProfile> {
  constructor(private readonly users: UsersRepository) {}

  async execute({ caller, change }: UpdateMyProfile) {
    let user;
    try {
      user = await this.users.update(caller.id, change);
    } catch (error) {
      rethrowAsAlreadyInUse(error);
    }
    if (!user) throw unauthenticated('This account no longer exists.');
    return publicUser(user, caller.permissions);
  }
}
