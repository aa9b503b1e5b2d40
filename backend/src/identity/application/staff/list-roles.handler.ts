import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../../platform/query/list-params.js';
import { StaffRolesRepository, type StaffRoleRecord } from '../../roles/staff-roles.repository.js';

export class ListRoles extends Query<{ rows: StaffRoleRecord[]; total: number }> {
  constructor(
    readonly filter: { q?: string; ids?: string[] },
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

@QueryHandler(ListRoles)
export class ListRolesHandler implements IQueryHandler<ListRoles> {
  constructor(private readonly roles: StaffRolesRepository) {}

  execute({ filter, sort, range }: ListRoles) {
    return this.roles.list(filter, sort, range);
  }
}
