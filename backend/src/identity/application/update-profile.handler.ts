import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StaffDirectory, type StaffView } from '../users/staff-directory.js';
import { rethrowAsAlreadyInUse, UsersRepository } from '../users/users.repository.js';

export class UpdateProfile extends Command<StaffView> {
  constructor(
    readonly userId: string,
    readonly change: { name?: string; phone?: string | null },
  ) {
    super();
  }
}

/** A staff member's own name and phone; role and status are changed by someone else (UpdateStaffUser). */
@CommandHandler(UpdateProfile)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfile> {
  constructor(
    private readonly users: UsersRepository,
    private readonly directory: StaffDirectory,
  ) {}

  async execute({ userId, change }: UpdateProfile): Promise<StaffView> {
    try {
      await this.users.update(userId, change);
    } catch (error) {
      rethrowAsAlreadyInUse(error);
    }
    return (await this.directory.find(userId))!;
  }
}
