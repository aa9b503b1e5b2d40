import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthenticatedUser } from '../../auth/authenticated-user.js';
import { throwIfRefused, refuseRoleEdit } from '../../domain/staff-policy.js';
import { ADMINISTRATOR_ROLE, StaffRolesRepository, type StaffRoleRecord } from '../../roles/staff-roles.repository.js';
import { administratorIsFixed, roleInUse, roleNotFound } from '../../domain/identity.errors.js';

export class DeleteRole extends Command<StaffRoleRecord> {
  constructor(
    readonly actor: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

/**
 * Only a role nobody holds can go, and only by someone holding every permission it holds (deleting takes them all
 * away); answers the deleted role, as react-admin expects. Checked and deleted under the role's row lock.
 */
@CommandHandler(DeleteRole)
export class DeleteRoleHandler implements ICommandHandler<DeleteRole> {
  constructor(private readonly roles: StaffRolesRepository) {}

  async execute({ actor, id }: DeleteRole): Promise<StaffRoleRecord> {
    return this.roles.inRoleLock(id, async (roles, role) => {
      if (!role) throw roleNotFound(id);
      if (id === ADMINISTRATOR_ROLE) throw administratorIsFixed();
      throwIfRefused(refuseRoleEdit(actor, id, [], role.permissions));
      if (!(await roles.deleteUnused(id))) {
        throw roleInUse(role.name);
      }
      return role;
    });
  }
}
