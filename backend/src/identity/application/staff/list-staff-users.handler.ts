import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../../platform/query/list-params.js';
import { StaffDirectory, type StaffFilter, type StaffView } from '../../users/staff-directory.js';

export class ListStaffUsers extends Query<{ rows: StaffView[]; total: number }> {
  constructor(
    readonly filter: StaffFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

@QueryHandler(ListStaffUsers)
export class ListStaffUsersHandler implements IQueryHandler<ListStaffUsers> {
  constructor(private readonly directory: StaffDirectory) {}

  execute({ filter, sort, range }: ListStaffUsers) {
    return this.directory.list(filter, sort, range);
  }
}
