import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../identity/public/index.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { ErasureRequestsRepository, type ErasureListFilter } from './erasure-requests.repository.js';
import { staffErasureRequestView, type StaffErasureRequestView } from './staff-erasure-request.view.js';

/** One page of erasure requests for staff (ra-data-simple-rest). */
export class ListErasureRequestsQuery {
  constructor(
    readonly filter: ErasureListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

@QueryHandler(ListErasureRequestsQuery)
export class ListErasureRequestsHandler implements IQueryHandler<ListErasureRequestsQuery> {
  constructor(
    private readonly requests: ErasureRequestsRepository,
    private readonly borrowers: BorrowerDirectory,
  ) {}

  async execute({ filter, sort, range }: ListErasureRequestsQuery): Promise<{ rows: StaffErasureRequestView[]; total: number }> {
    const page = await this.requests.list(filter, sort, range);
    const profiles = await this.borrowers.profilesOf([...new Set(page.rows.map((r) => r.borrowerId))]);
    return {
      rows: page.rows.map((r) =>
        staffErasureRequestView(
          r,
          profiles.find((p) => p.id === r.borrowerId),
        ),
      ),
      total: page.total,
    };
  }
}
