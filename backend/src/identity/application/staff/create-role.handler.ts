import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthenticatedUser } from '../../auth/authenticated-user.js';
import { throwIfRefused, refuseRoleEdit } from '../../domain/staff-policy.js';
import { DuplicateRoleName, StaffRolesRepository, type StaffRoleRecord } from '../../roles/staff-roles.repository.js';
import { duplicateRoleName } from '../../domain/identity.errors.js';

export class CreateRole extends Command<StaffRoleRecord> {
  constructor(
    readonly actor: AuthenticatedUser,
    readonly input: { name: string; description: string; permissions: string[] },
  ) {
    super();
  }
}

@CommandHandler(CreateRole)
export class CreateRoleHandler implements ICommandHandler<CreateRole> {
  constructor(private readonly roles: StaffRolesRepository) {}

  async execute({ actor, input }: CreateRole): Promise<StaffRoleRecord> {
    throwIfRefused(refuseRoleEdit(actor, undefined, input.permissions));
    try {
      return await this.roles.insert({ ...input, permissions: [...new Set(input.permissions)].sort() });
    } catch (error) {
      if (error instanceof DuplicateRoleName) throw duplicateRoleName(input.name);
      throw error;
    }
  }
}
