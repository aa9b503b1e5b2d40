import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, sortable } from '../../../platform/query/list-query.js';
import { paymentView } from './payment.view.js';

export type PaymentListFilter = { status?: string; loanId?: string; method?: string; ids?: string[] };

export class ListPaymentsQuery {
  constructor(
    readonly filter: PaymentListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

/** Sortable fields (API name -> column). */
export const PAYMENT_SORT = sortable({
  id: 'id',
  recordedAt: 'recorded_at',
  updatedAt: 'updated_at',
  amount: 'amount',
  paidOn: 'paid_on',
  status: 'status',
  method: 'method',
});

/** The Payments list (ra-data-simple-rest): filters status, loanId, method; newest first by default. */
@QueryHandler(ListPaymentsQuery)
export class ListPaymentsHandler implements IQueryHandler<ListPaymentsQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListPaymentsQuery) {
    let query = this.db.selectFrom('payments');
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.loanId !== undefined) query = query.where('loan_id', '=', filter.loanId);
    if (filter.method !== undefined) query = query.where('method', '=', filter.method);
    if (filter.ids !== undefined) query = query.where('id', 'in', idsOrNone(filter.ids));
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(PAYMENT_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(paymentView), total };
  }
}
