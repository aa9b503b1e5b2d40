import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { StaffMembers } from '../../../identity/public/index.js';
import { DB, type Db } from '../../../platform/database/database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, inRange } from '../../../platform/query/list-query.js';
import { CollectionRowNotFound, CollectionRowNotInBucket } from '../domain/collection-work.js';
import { LoanNotFound } from '../../loan/domain/loan.errors.js';
import {
  CollectionQueues,
  parseCollectionRowId,
  type CollectionBucket,
  type CollectionFilter,
  type CollectionRow,
} from './collection-queues.js';

export class ListCollectionsQuery extends Query<{ rows: CollectionRow[]; total: number }> {
  constructor(
    readonly bucket: CollectionBucket,
    readonly filter: CollectionFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

/** One bucket's page of rows and its exact total. */
@QueryHandler(ListCollectionsQuery)
export class ListCollectionsHandler implements IQueryHandler<ListCollectionsQuery> {
  constructor(private readonly queues: CollectionQueues) {}

  execute({ bucket, filter, sort, range }: ListCollectionsQuery) {
    return this.queues.list(bucket, filter, sort, range);
  }
}

export class CountCollectionBucketsQuery extends Query<Record<CollectionBucket, number>> {}

/** How many rows each of the twelve buckets lists at the business date. */
@QueryHandler(CountCollectionBucketsQuery)
export class CountCollectionBucketsHandler implements IQueryHandler<CountCollectionBucketsQuery> {
  constructor(private readonly queues: CollectionQueues) {}

  execute() {
    return this.queues.counts();
  }
}

export class GetCollectionRowQuery extends Query<CollectionRow> {
  constructor(
    readonly id: string,
    readonly bucket?: CollectionBucket,
  ) {
    super();
  }
}

/**
 * One row by its id (`inst:<loanId>:<n>`, `loan:<loanId>`, `pay:<paymentId>`) with the buckets it is in now; 404 for
 * an id naming nothing. Asked through a bucket (a bucket's detail page), a row not in it is a 404 `not-in-bucket`
 * naming the buckets it is in.
 */
@QueryHandler(GetCollectionRowQuery)
export class GetCollectionRowHandler implements IQueryHandler<GetCollectionRowQuery> {
  constructor(private readonly queues: CollectionQueues) {}

  async execute({ id, bucket }: GetCollectionRowQuery): Promise<CollectionRow> {
    const parsed = parseCollectionRowId(id);
    const row = parsed === undefined ? undefined : await this.queues.row(parsed);
    if (!row) throw new CollectionRowNotFound(id);
    if (bucket !== undefined && !row.buckets?.includes(bucket)) throw new CollectionRowNotInBucket(id, bucket, row.buckets ?? []);
    return row;
  }
}

export type Collector = { id: string; name: string };

export class ListCollectorsQuery extends Query<Collector[]> {}

/** The staff a loan may be assigned to: active, with collections.view. */
@QueryHandler(ListCollectorsQuery)
export class ListCollectorsHandler implements IQueryHandler<ListCollectorsQuery> {
  constructor(private readonly staff: StaffMembers) {}

  async execute(): Promise<Collector[]> {
    return (await this.staff.activeMembersWith('collections.view')).map(({ id, name }) => ({ id, name }));
  }
}

export type CollectionContact = {
  id: string;
  loanId: string;
  channel: string;
  outcome: string;
  note: string;
  promiseToPayOn: string | null;
  businessDate: string;
  recordedBy: string;
  recordedByName: string | null;
  recordedAt: string;
};

export class ListLoanContactsQuery extends Query<{ rows: CollectionContact[]; total: number }> {
  constructor(
    readonly loanId: string,
    readonly range: ListParams['range'],
  ) {
    super();
  }
}

/** A loan's contact log, newest first (ra-data-simple-rest range; the id is `<loanId>:<event version>`). */
@QueryHandler(ListLoanContactsQuery)
export class ListLoanContactsHandler implements IQueryHandler<ListLoanContactsQuery> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly staff: StaffMembers,
  ) {}

  async execute({ loanId, range }: ListLoanContactsQuery) {
    const loan = await this.db.selectFrom('loan_summaries').select('id').where('id', '=', loanId).executeTakeFirst();
    if (!loan) throw new LoanNotFound(loanId);
    const mine = this.db.selectFrom('collection_contacts').where('loan_id', '=', loanId);
    const [rows, total] = await Promise.all([
      mine.selectAll().orderBy('version', 'desc').$call(inRange(range)).execute(),
      countOf(this.db, mine),
    ]);
    // A channel (the IVR provider, `ivr-provider:<name>`) records contacts too: only staff ids have a name to look up.
    const staffIds = [...new Set(rows.map((r) => r.recorded_by))].filter((id) => STAFF_ID.test(id));
    const names = new Map((await this.staff.membersOf(staffIds)).map((m) => [m.id, m.name]));
    return {
      rows: rows.map((r) => contactView(r, names.get(r.recorded_by) ?? null)),
      total,
    };
  }
}

const STAFF_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function contactView(
  r: {
    loan_id: string;
    version: number;
    channel: string;
    outcome: string;
    note: string;
    promise_to_pay_on: string | null;
    business_date: string;
    recorded_by: string;
    recorded_at: Date;
  },
  recordedByName: string | null,
): CollectionContact {
  return {
    id: `${r.loan_id}:${r.version}`,
    loanId: r.loan_id,
    channel: r.channel,
    outcome: r.outcome,
    note: r.note,
    promiseToPayOn: r.promise_to_pay_on,
    businessDate: r.business_date,
    recordedBy: r.recorded_by,
    recordedByName,
    recordedAt: new Date(r.recorded_at).toISOString(),
  };
}
