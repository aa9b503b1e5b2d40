import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { DB, type Db } from '../../../platform/database/database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
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
export const PAYMENT_SORT_FIELDS = {
  id: 'id',
  recordedAt: 'recorded_at',
  updatedAt: 'updated_at',
  amount: 'amount',
  paidOn: 'paid_on',
  status: 'status',
  method: 'method',
} as const;

/** The Payments list (ra-data-simple-rest): filters status, loanId, method; newest first by default. */
@QueryHandler(ListPaymentsQuery)
export class ListPaymentsHandler implements IQueryHandler<ListPaymentsQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListPaymentsQuery) {
    let query = this.db.selectFrom('payments');
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.loanId !== undefined) query = query.where('loan_id', '=', filter.loanId);
    if (filter.method !== undefined) query = query.where('method', '=', filter.method);
    if (filter.ids !== undefined) query = query.where('id', 'in', filter.ids.length > 0 ? filter.ids : ['00000000-0000-0000-0000-000000000000']);
    const column = PAYMENT_SORT_FIELDS[sort.field as keyof typeof PAYMENT_SORT_FIELDS];
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy(sql.ref(column), sort.order === 'ASC' ? 'asc' : 'desc')
        .orderBy('id', sort.order === 'ASC' ? 'asc' : 'desc')
        .offset(range.start)
        .limit(range.end - range.start + 1)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(paymentView), total: Number(count.total) };
  }
}
