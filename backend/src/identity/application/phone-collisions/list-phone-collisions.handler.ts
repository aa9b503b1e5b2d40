import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListParams } from '../../../platform/query/list-params.js';
import { PhoneCollisionsRepository, type PhoneCollisionFilter, type PhoneCollisionView } from '../../users/phone-collisions.repository.js';

export class ListPhoneCollisions extends Query<{ rows: PhoneCollisionView[]; total: number }> {
  constructor(
    readonly filter: PhoneCollisionFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

/** The phones the 0037 migration listed for staff (open first by default), each with the accounts it collides with. */
@QueryHandler(ListPhoneCollisions)
export class ListPhoneCollisionsHandler implements IQueryHandler<ListPhoneCollisions> {
  constructor(private readonly collisions: PhoneCollisionsRepository) {}

  execute({ filter, sort, range }: ListPhoneCollisions) {
    return this.collisions.list(filter, sort, range);
  }
}
