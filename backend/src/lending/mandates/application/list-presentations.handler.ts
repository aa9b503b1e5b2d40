import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, inRange, sortable } from '../../../platform/query/list-query.js';
import { presentationView } from './mandate.views.js';

/** `bounced`: the bounce queue, the latest bounced presentation of each instalment (re-presented later or sent to collectors). */
export type PresentationListFilter = { status?: string; presentedOn?: string; loanId?: string; bounced?: boolean };

export class ListPresentationsQuery {
  constructor(
    readonly filter: PresentationListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

export const PRESENTATION_SORT = sortable({
  presentedOn: 'presented_on',
  updatedAt: 'updated_at',
  amount: 'amount',
  status: 'status',
  dueDate: 'due_date',
});

/** Presentations by date and status, and the bounce queue (ra-data-simple-rest lists). */
@QueryHandler(ListPresentationsQuery)
export class ListPresentationsHandler implements IQueryHandler<ListPresentationsQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListPresentationsQuery) {
    let query = this.db.selectFrom('mandate_presentations');
    if (filter.bounced === true) query = query.where('status', '=', 'bounced').where('latest', '=', true);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.presentedOn !== undefined) query = query.where('presented_on', '=', filter.presentedOn);
    if (filter.loanId !== undefined) query = query.where('loan_id', '=', filter.loanId);
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(PRESENTATION_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(presentationView), total };
  }
}
