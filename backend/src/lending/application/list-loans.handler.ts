import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { DB, type Db } from '../../platform/database/database.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { queueCondition, type LoanQueue } from './loan-queues.js';
import { loanRowView } from './loan-row.view.js';

export type LoanListFilter = {
  queue?: LoanQueue;
  type?: 'EMI' | 'salaryAdvance';
  q?: string;
  ids?: string[];
  borrowerId?: string;
  createdFrom?: string;
  createdTo?: string;
};

export class ListLoansQuery {
  constructor(
    readonly filter: LoanListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

/** Sortable fields (API name -> column); documented in docs/api.md. */
export const LOAN_SORT_FIELDS = {
  id: 'id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  submittedAt: 'submitted_at',
  amount: 'amount',
  approvedAmount: 'approved_amount',
  tenureMonths: 'tenure_months',
  state: 'state',
  type: 'type',
  softApprovedAt: 'soft_approved_at',
  bankApprovedAt: 'bank_approved_at',
  consentApprovedAt: 'consent_approved_at',
  finalApprovedAt: 'final_approved_at',
} as const;

const NULLABLE_SORT_FIELDS = new Set(['submittedAt', 'approvedAmount', 'softApprovedAt', 'bankApprovedAt', 'consentApprovedAt', 'finalApprovedAt']);

@QueryHandler(ListLoansQuery)
export class ListLoansHandler implements IQueryHandler<ListLoansQuery> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ filter, sort, range }: ListLoansQuery) {
    // Filters touch loan_summaries only (the text search looks borrowers up in a subquery), so the count
    // needs no join; the page joins loan_borrowers (lending's copy of the borrower directory) for its 25 rows.
    let query = this.db.selectFrom('loan_summaries as l');
    if (filter.queue) query = query.where((eb) => queueCondition(filter.queue!)(eb as never));
    if (filter.type) query = query.where('l.type', '=', filter.type);
    if (filter.ids) query = query.where('l.id', 'in', filter.ids.length > 0 ? filter.ids : ['00000000-0000-0000-0000-000000000000']);
    if (filter.borrowerId) query = query.where('l.borrower_id', '=', filter.borrowerId);
    if (filter.createdFrom) query = query.where('l.created_at', '>=', new Date(filter.createdFrom));
    if (filter.createdTo) query = query.where('l.created_at', '<', new Date(filter.createdTo));
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`l.id::text`, 'ilike', like),
          eb.exists(
            eb
              .selectFrom('loan_borrowers as b')
              .select(sql.lit(1).as('one'))
              .whereRef('b.user_id', '=', 'l.borrower_id')
              .where((b) => b.or([b('b.name', 'ilike', like), b('b.email', 'ilike', like), b('b.phone', 'ilike', like)])),
          ),
        ]),
      );
    }
    const column = LOAN_SORT_FIELDS[sort.field as keyof typeof LOAN_SORT_FIELDS];
    const [rows, total] = await Promise.all([
      query
        .innerJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id')
        .select([
          'l.id', 'l.borrower_id', 'l.type', 'l.state', 'l.amount', 'l.approved_amount', 'l.tenure_months', 'l.annual_rate_percent', 'l.fee',
          'l.score', 'l.created_at', 'l.updated_at', 'l.submitted_at', 'l.last_actor_id', 'l.last_actor_role', 'l.last_reason',
          'l.soft_approved_at', 'l.soft_approved_by', 'l.bank_approved_at', 'l.bank_approved_by', 'l.consent_approved_at', 'l.consent_approved_by',
          'l.final_approved_at', 'l.final_approved_by', 'l.disbursed_on', 'b.name as borrower_name', 'b.email as borrower_email', 'b.phone as borrower_phone',
        ])
        // NULLS LAST only where a column can be null: on NOT NULL columns it would stop the planner from reading
        // the (state, created_at DESC, id DESC) index in order and make it sort the whole queue instead.
        .orderBy(sql.ref(`l.${column}`), (ob) => {
          const ordered = sort.order === 'ASC' ? ob.asc() : ob.desc();
          return NULLABLE_SORT_FIELDS.has(sort.field) ? ordered.nullsLast() : ordered;
        })
        .orderBy('l.id', sort.order === 'ASC' ? 'asc' : 'desc')
        .offset(range.start)
        .limit(range.end - range.start + 1)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => loanRowView(r, this.config.product.currency)), total: Number(total.n) };
  }
}
