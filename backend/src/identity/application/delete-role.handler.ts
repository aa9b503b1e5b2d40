import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HttpProblem } from '../../platform/http/problem.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { throwIfRefused } from '../domain/refusal-problem.js';
import { refuseRoleEdit } from '../domain/staff-policy.js';
import { ADMINISTRATOR_ROLE, StaffRolesRepository, type StaffRoleRecord } from '../roles/staff-roles.repository.js';
import { administratorIsFixed } from './role-problems.js';
import { roleNotFound } from './staff-problems.js';

export class DeleteRole extends Command<StaffRoleRecord> {
  constructor(
    readonly actor: AuthenticatedUser,
    readonly id: string,
  ) {
    super();
  }
}

/** Only a role nobody holds can go; answers the deleted role, as react-admin expects. */
@CommandHandler(DeleteRole)
export class DeleteRoleHandler implements ICommandHandler<DeleteRole> {
  constructor(private readonly roles: StaffRolesRepository) {}

  async execute({ actor, id }: DeleteRole): Promise<StaffRoleRecord> {
    const role = await this.roles.find(id);
    if (!role) throw roleNotFound(id);
    if (id === ADMINISTRATOR_ROLE) throw administratorIsFixed();
    throwIfRefused(refuseRoleEdit(actor, id, undefined));
    if (!(await this.roles.deleteUnused(id))) {
      throw new HttpProblem(409, 'role-in-use', 'Role in use', `Staff users still hold the role "${role.name}"; give them another role first.`);
    }
    return role;
  }
}
