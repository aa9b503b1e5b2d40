import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthenticatedUser } from '../../auth/authenticated-user.js';
import { permissionsOf } from '../../auth/session-authenticator.js';
import { throwIfRefused, refuseRoleAssignment } from '../../domain/staff-policy.js';
import { StaffRolesRepository } from '../../roles/staff-roles.repository.js';
import { StaffDirectory, type StaffView } from '../../users/staff-directory.js';
import { PasswordHasher } from '../../users/password-hasher.js';
import { rethrowAsAlreadyInUse, UsersRepository } from '../../users/users.repository.js';
import { unknownRole } from '../../domain/identity.errors.js';

export class CreateStaffUser extends Command<StaffView> {
  constructor(
    readonly actor: AuthenticatedUser,
    readonly input: { name: string; email: string; phone?: string | null; password: string; roleId: string },
  ) {
    super();
  }
}

@CommandHandler(CreateStaffUser)
export class CreateStaffUserHandler implements ICommandHandler<CreateStaffUser> {
  constructor(
    private readonly users: UsersRepository,
    private readonly roles: StaffRolesRepository,
    private readonly hasher: PasswordHasher,
    private readonly directory: StaffDirectory,
  ) {}

  async execute({ actor, input }: CreateStaffUser): Promise<StaffView> {
    const role = await this.roles.find(input.roleId);
    if (!role) throw unknownRole(input.roleId);
    throwIfRefused(refuseRoleAssignment(actor, undefined, permissionsOf(role.id, role.permissions)));
    const id = randomUUID();
    try {
      await this.users.insert({
        id,
        role: 'staff',
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone ?? null,
        passwordHash: await this.hasher.hash(input.password),
        staffRoleId: role.id,
      });
    } catch (error) {
      rethrowAsAlreadyInUse(error);
    }
    return (await this.directory.find(id))!;
  }
}
