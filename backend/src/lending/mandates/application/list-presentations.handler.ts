import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, inRange, sortable } from '../../../platform/query/list-query.js';
import { listedPresentationView } from './mandate.views.js';

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
  presentedOn: 'mandate_presentations.presented_on',
  updatedAt: 'mandate_presentations.updated_at',
  amount: 'mandate_presentations.amount',
  status: 'mandate_presentations.status',
  dueDate: 'mandate_presentations.due_date',
});

/** Presentations by date and status, and the bounce queue (ra-data-simple-rest lists). */
@QueryHandler(ListPresentationsQuery)
export class ListPresentationsHandler implements IQueryHandler<ListPresentationsQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListPresentationsQuery) {
    let query = this.db.selectFrom('mandate_presentations');
    if (filter.bounced === true)
      query = query.where('mandate_presentations.status', '=', 'bounced').where('mandate_presentations.latest', '=', true);
    if (filter.status !== undefined) query = query.where('mandate_presentations.status', '=', filter.status);
    if (filter.presentedOn !== undefined) query = query.where('mandate_presentations.presented_on', '=', filter.presentedOn);
    if (filter.loanId !== undefined) query = query.where('mandate_presentations.loan_id', '=', filter.loanId);
    const [rows, total] = await Promise.all([
      query
        .leftJoin('loan_summaries', 'loan_summaries.id', 'mandate_presentations.loan_id')
        .leftJoin('loan_borrowers', 'loan_borrowers.user_id', 'loan_summaries.borrower_id')
        .selectAll('mandate_presentations')
        .select(['loan_borrowers.name as borrower_name', 'loan_borrowers.phone as borrower_phone'])
        .orderBy(PRESENTATION_SORT.orderBy(sort))
        .orderBy('mandate_presentations.id', direction(sort))
        .$call(inRange(range))
        .execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(listedPresentationView), total };
  }
}
