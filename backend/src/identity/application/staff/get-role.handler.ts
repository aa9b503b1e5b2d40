import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { StaffRolesRepository, type StaffRoleRecord } from '../../roles/staff-roles.repository.js';
import { roleNotFound } from '../../domain/identity.errors.js';

export class GetRole extends Query<StaffRoleRecord> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetRole)
export class GetRoleHandler implements IQueryHandler<GetRole> {
  constructor(private readonly roles: StaffRolesRepository) {}

  async execute({ id }: GetRole) {
    const role = await this.roles.find(id);
    if (!role) throw roleNotFound(id);
    return role;
  }
}
