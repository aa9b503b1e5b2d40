import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql, type RawBuilder } from 'kysely';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import type { Db } from '../../../../platform/database/database.js';
import { READ_DB } from '../../../../platform/database/read-database.js';
import { TOTAL_CAP, type ListParams } from '../../../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, likePattern, ordered, sortable } from '../../../../platform/query/list-query.js';
import { borrowerTextLike } from '../../borrowers/borrower-search.js';
import { gateColumnOf, queueCondition, STATE_QUEUES, type LoanQueue } from './loan-queues.js';
import { loanIdsLike } from './loan-ids-like.js';
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

/** Sortable fields (API name -> column); documented in docs/api.md. Nulls last where the column can be null. */
export const LOAN_SORT = sortable(
  {
    id: 'l.id',
    createdAt: 'l.created_at',
    updatedAt: 'l.updated_at',
    submittedAt: 'l.submitted_at',
    amount: 'l.amount',
    approvedAmount: 'l.approved_amount',
    tenureMonths: 'l.tenure_months',
    state: 'l.state',
    type: 'l.type',
    softApprovedAt: 'l.soft_approved_at',
    bankApprovedAt: 'l.bank_approved_at',
    consentApprovedAt: 'l.consent_approved_at',
    finalApprovedAt: 'l.final_approved_at',
  },
  {
    nulls: 'last',
    nullable: ['submittedAt', 'approvedAmount', 'softApprovedAt', 'bankApprovedAt', 'consentApprovedAt', 'finalApprovedAt'],
  },
);

/** Columns a page answers: the read model's row and the borrower's display fields. */
const ROW_COLUMNS = [
  'l.id',
  'l.borrower_id',
  'l.type',
  'l.state',
  'l.amount',
  'l.approved_amount',
  'l.tenure_months',
  'l.annual_rate_percent',
  'l.fee',
  'l.score',
  'l.created_at',
  'l.updated_at',
  'l.submitted_at',
  'l.last_actor_id',
  'l.last_actor_role',
  'l.last_reason',
  'l.soft_approved_at',
  'l.soft_approved_by',
  'l.bank_approved_at',
  'l.bank_approved_by',
  'l.consent_approved_at',
  'l.consent_approved_by',
  'l.final_approved_at',
  'l.final_approved_by',
  'l.disbursed_on',
  'l.dpd',
  'l.classification',
  'b.name as borrower_name',
  'b.email as borrower_email',
  'b.phone as borrower_phone',
] as const;

/** A search text that could be part of a loan id's text (hex digits and dashes); other texts cannot match an id. */
const ID_FRAGMENT = /^[0-9a-f-]+$/i;

/**
 * Matching borrowers a text search hands to the loans' index as one list. The list is collected whole before the
 * loans are read; past this many (a word shared by most borrowers) the join that stops at the cap is cheaper.
 */
const FEW_BORROWERS = 20_000;

@QueryHandler(ListLoansQuery)
export class ListLoansHandler implements IQueryHandler<ListLoansQuery> {
  constructor(
    @Inject(READ_DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A page is an index range read in the requested order (migrations 0003 and 0012 index every sort the console
   * offers on every queue). The total for Content-Range comes from `loan_queue_counts` when the filter is a queue
   * and/or a type only (the console's queue pages); with ids, a borrower or a creation window it is a count
   * over the same filter that stops at 10,001 (Content-Range says 10000+ beyond 10,000, as for the counters). A text
   * search collects its matches once (borrowers by the trigram index, their loans by the list of their ids, or by a
   * join when most borrowers match; loans by id text when the search could be part of an id), collects at most 10,001
   * of them, counts and pages them in one statement, then reads the page's rows; over 10,000 the total says 10000+,
   * the matches are not sorted, and one more statement reads the page with its rows, in the requested order.
   */
  async execute({ filter, sort, range }: ListLoansQuery) {
    const column = LOAN_SORT.column(sort);
    // NULLS LAST only where the column can be null in the rows listed: on a NOT NULL column (or a gate's column in
    // its own approved list, where it is never null) it would stop the planner from reading the index in order and
    // make it sort the whole queue instead.
    const nulls = column === `l.${gateColumnOf(filter.queue)}` ? 'default' : LOAN_SORT.nulls(sort);
    const limit = range.end - range.start + 1;

    let query = this.db.selectFrom('loan_summaries as l');
    if (filter.queue) query = query.where((eb) => queueCondition(filter.queue!)(eb as never));
    if (filter.type) query = query.where('l.type', '=', filter.type);
    if (filter.ids) query = query.where('l.id', 'in', idsOrNone(filter.ids));
    if (filter.borrowerId) query = query.where('l.borrower_id', '=', filter.borrowerId);
    if (filter.createdFrom) query = query.where('l.created_at', '>=', new Date(filter.createdFrom));
    if (filter.createdTo) query = query.where('l.created_at', '<', new Date(filter.createdTo));

    const page = (q: typeof query) =>
      q
        .innerJoin('loan_borrowers as b', 'b.user_id', 'l.borrower_id')
        .select(ROW_COLUMNS)
        .orderBy(LOAN_SORT.orderBy(sort, nulls))
        .orderBy('l.id', direction(sort));

    if (filter.q) {
      const like = likePattern(filter.q);
      // A match is its loan's id and the sort's key.
      const keyed = (q: typeof query) => q.select(['l.id', sql.ref(column).as('k')]);
      const matching = this.db.selectFrom('loan_borrowers as b').select('b.user_id').where(borrowerTextLike(filter.q));
      const byBorrower = keyed(query.where('l.borrower_id', 'in', matching));
      // Up to FEW_BORROWERS matching borrowers (`few`), their ids go to the loans' index as one sorted list (`= ANY`):
      // one index scan that skips from each borrower to the next (in a state's queue, over
      // loan_summaries_state_borrower) instead of a lookup per borrower. More than that (a word most borrowers share),
      // the join by borrower, which stops as soon as it has TOTAL_CAP + 1 matches. Each way is planned with its own
      // LIMIT, and run only when `few`'s count selects it (the other's join is never started).
      const byFewBorrowers = keyed(query.where(sql<boolean>`l.borrower_id = ANY(ARRAY(SELECT user_id FROM few))`));
      const cap = sql.lit(TOTAL_CAP + 1);
      const when = (test: RawBuilder<unknown>, branch: typeof byBorrower) =>
        sql`(SELECT h.id, h.k FROM (SELECT count(*) AS n FROM few) g, LATERAL (${branch} LIMIT ${cap}) h WHERE ${test})`;
      const byId = ID_FRAGMENT.test(filter.q) ? keyed(query.where('l.id', 'in', loanIdsLike(this.db, like))) : undefined;
      const hits = sql`${when(sql`g.n <= ${sql.lit(FEW_BORROWERS)}`, byFewBorrowers)}
        UNION ALL ${when(sql`g.n > ${sql.lit(FEW_BORROWERS)}`, byBorrower)}
        ${byId ? sql`UNION (${byId} LIMIT ${cap})` : sql``}`;
      // One statement collects at most TOTAL_CAP + 1 matches (with their sort key), counts them and, when they are
      // all there (at most 10,000), pages them. Over 10,000 the total is 10000+ and the collected matches are not
      // sorted (the CASE leaves the page's subquery unexecuted: sorting 10,001 keys for a page thrown away cost as
      // much as a tenth of a broad word's search); the page is read on its own instead, with its rows, in one
      // statement: at most its end from each way of matching (the borrower's text, the loan id's text), each in the
      // requested order (with that many matches the sort's index finds them quickly), merged.
      const bounded = await sql<{ total: string; ids: string[] | null }>`
        WITH few AS MATERIALIZED (${matching} LIMIT ${sql.lit(FEW_BORROWERS + 1)}),
             hits AS MATERIALIZED (SELECT id, k FROM (${hits}) matched LIMIT ${cap}),
             counted AS (SELECT count(*) AS total FROM hits)
        SELECT counted.total,
               CASE WHEN counted.total <= ${sql.lit(TOTAL_CAP)} THEN
                 ARRAY(SELECT id FROM hits ORDER BY ${ordered(sql.ref('k'), sort, nulls)}, id ${sql.raw(direction(sort))} OFFSET ${range.start} LIMIT ${limit})::text[]
               END AS ids
        FROM counted`.execute(this.db);
      const total = Number(bounded.rows[0].total);
      if (total > TOTAL_CAP) {
        const end = range.start + limit;
        const firstOf = (q: typeof byBorrower) => q.orderBy(LOAN_SORT.orderBy(sort, nulls)).orderBy('l.id', direction(sort)).limit(end);
        const candidates = byId ? sql`(${firstOf(byBorrower)}) UNION (${firstOf(byId)})` : sql`${firstOf(byBorrower)}`;
        const pageIds = sql<string>`(SELECT id FROM (${candidates}) c
          ORDER BY ${ordered(sql.ref('k'), sort, nulls)}, id ${sql.raw(direction(sort))} OFFSET ${range.start} LIMIT ${limit})`;
        const rows = await page(this.db.selectFrom('loan_summaries as l').where('l.id', 'in', pageIds)).execute();
        return { rows: rows.map((r) => loanRowView(r, this.config.product.currency)), total };
      }
      const ids = bounded.rows[0].ids ?? [];
      const rows = ids.length === 0 ? [] : await page(this.db.selectFrom('loan_summaries as l').where('l.id', 'in', ids)).execute();
      return { rows: rows.map((r) => loanRowView(r, this.config.product.currency)), total };
    }

    const counted = !filter.ids && !filter.borrowerId && !filter.createdFrom && !filter.createdTo;
    const [rows, total] = await Promise.all([
      page(query).$call(inRange(range)).execute(),
      counted ? this.countFromCounters(filter.queue, filter.type) : countOf(this.db, query),
    ]);
    return { rows: rows.map((r) => loanRowView(r, this.config.product.currency)), total };
  }

  /** A queue's (or, without one, every loan's) size from the counters the projection keeps, optionally of one type. */
  private async countFromCounters(queue: LoanQueue | undefined, type: LoanListFilter['type']): Promise<number> {
    let q = this.db.selectFrom('loan_queue_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), sql<string>`0`).as('n'));
    q = queue ? q.where('queue', '=', queue) : q.where('queue', 'in', STATE_QUEUES);
    if (type) q = q.where('type', '=', type);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
