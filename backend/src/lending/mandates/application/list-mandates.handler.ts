import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, sortable } from '../../../platform/query/list-query.js';
import { mandateView } from './mandate.views.js';

export type MandateListFilter = { status?: string; kind?: string; loanId?: string; ids?: string[] };

export class ListMandatesQuery {
  constructor(
    readonly filter: MandateListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

export const MANDATE_SORT = sortable({ startedAt: 'started_at', updatedAt: 'updated_at', status: 'status', maxAmount: 'max_amount' });

/** The console's mandates list (ra-data-simple-rest): filters status, kind, loanId; newest first by default. */
@QueryHandler(ListMandatesQuery)
export class ListMandatesHandler implements IQueryHandler<ListMandatesQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListMandatesQuery) {
    let query = this.db.selectFrom('mandates');
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    if (filter.loanId !== undefined) query = query.where('loan_id', '=', filter.loanId);
    if (filter.ids !== undefined) query = query.where('id', 'in', idsOrNone(filter.ids));
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(MANDATE_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(mandateView), total };
  }
}
