import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../../identity/public/index.js';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, inRange, sortable } from '../../../platform/query/list-query.js';

export type IvrCallView = {
  id: string;
  providerCallId: string;
  loanId: string | null;
  phone: string;
  borrowerName: string | null;
  status: 'requested' | 'completed';
  outcome: string | null;
  promiseToPayOn: string | null;
  durationSeconds: number | null;
  endedAt: string | null;
  contactLogged: boolean;
  contactError: string | null;
  createdAt: string;
};

export type IvrCallFilter = { outcome?: string; status?: string; loanId?: string; phone?: string; from?: string; to?: string };

/** Sortable fields (API name -> column). */
export const IVR_SORT = sortable({ createdAt: 'created_at', endedAt: 'ended_at', outcome: 'outcome', durationSeconds: 'duration_seconds' });

export class ListIvrCallsQuery extends Query<{ rows: IvrCallView[]; total: number }> {
  constructor(
    readonly filter: IvrCallFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

/** The IVR calls and their outcomes, newest first by default; `from`/`to` bound the day the call was made (UTC instants). */
@QueryHandler(ListIvrCallsQuery)
export class ListIvrCallsHandler implements IQueryHandler<ListIvrCallsQuery> {
  constructor(
    @Inject(READ_DB) private readonly db: Db,
    private readonly directory: BorrowerDirectory,
  ) {}

  async execute({ filter, sort, range }: ListIvrCallsQuery): Promise<{ rows: IvrCallView[]; total: number }> {
    let query = this.db.selectFrom('ivr_calls');
    if (filter.outcome) query = query.where('outcome', '=', filter.outcome);
    if (filter.status) query = query.where('status', '=', filter.status as 'requested' | 'completed');
    if (filter.loanId) query = query.where('loan_id', '=', filter.loanId);
    if (filter.phone) query = query.where('phone', '=', filter.phone);
    if (filter.from) query = query.where('created_at', '>=', new Date(filter.from));
    if (filter.to) query = query.where('created_at', '<', new Date(filter.to));
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(IVR_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    const names = await this.borrowerNames(rows.map((r) => r.loan_id).filter((id): id is string => id !== null));
    return {
      rows: rows.map((r) => ({
        id: r.id,
        providerCallId: r.provider_call_id,
        loanId: r.loan_id,
        phone: r.phone,
        borrowerName: (r.loan_id && names.get(r.loan_id)) || null,
        status: r.status,
        outcome: r.outcome,
        promiseToPayOn: r.promise_to_pay_on,
        durationSeconds: r.duration_seconds,
        endedAt: r.ended_at ? r.ended_at.toISOString() : null,
        contactLogged: r.contact_logged,
        contactError: r.contact_error,
        createdAt: r.created_at.toISOString(),
      })),
      total,
    };
  }

  /** The borrower's name of each loan (communications' own loan contacts, then identity's directory). */
  private async borrowerNames(loanIds: string[]): Promise<Map<string, string>> {
    if (loanIds.length === 0) return new Map();
    const loans = await this.db
      .selectFrom('email_loan_contacts')
      .select(['loan_id', 'borrower_id'])
      .where('loan_id', 'in', [...new Set(loanIds)])
      .execute();
    const profiles = new Map((await this.directory.profilesOf([...new Set(loans.map((l) => l.borrower_id))])).map((p) => [p.id, p.name]));
    return new Map(loans.flatMap((l) => (profiles.has(l.borrower_id) ? [[l.loan_id, profiles.get(l.borrower_id)!] as const] : [])));
  }
}
