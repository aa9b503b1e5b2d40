import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../../platform/query/list-params.js';
import { StaffDirectory, type PresenceFilter } from '../../users/staff-directory.js';

export class ListOnlineUsers extends Query<Awaited<ReturnType<StaffDirectory['online']>>> {
  constructor(
    readonly filter: PresenceFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

@QueryHandler(ListOnlineUsers)
export class ListOnlineUsersHandler implements IQueryHandler<ListOnlineUsers> {
  constructor(private readonly directory: StaffDirectory) {}

  execute({ filter, sort, range }: ListOnlineUsers) {
    return this.directory.online(filter, sort, range);
  }
}
