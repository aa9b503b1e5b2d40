import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, sortable } from '../../platform/query/list-query.js';
import type { ErasureRequest, ErasureRequestStatus } from '../domain/erasure-request.js';
import type { ErasureAnswer } from '../domain/retention.js';

export const ERASURE_SORT = sortable({ requestedAt: 'requested_at', carriedOutAt: 'carried_out_at', status: 'status' }, { nulls: 'last' });

export type ErasureListFilter = { status?: ErasureRequestStatus; borrowerId?: string; ids?: string[] };

type Row = {
  id: string;
  borrower_id: string;
  reason: string | null;
  status: ErasureRequestStatus;
  requested_at: Date;
  carried_out_by: string | null;
  carried_out_at: Date | null;
  answer: Record<string, unknown> | null;
};

const request = (r: Row): ErasureRequest => ({
  id: r.id,
  borrowerId: r.borrower_id,
  reason: r.reason,
  status: r.status,
  requestedAt: r.requested_at,
  carriedOutBy: r.carried_out_by,
  carriedOutAt: r.carried_out_at,
  answer: r.answer as ErasureAnswer | null,
});

/** `erasure_requests` (migration 0059). */
@Injectable()
export class ErasureRequestsRepository {
  constructor(@Inject(DB) private readonly db: Db) {}

  /** Records a waiting request; undefined when one is already waiting (the unique index decides, under concurrency too). */
  async add(borrowerId: string, reason: string | null, at: Date): Promise<ErasureRequest | undefined> {
    const row = await this.db
      .insertInto('erasure_requests')
      .values({ borrower_id: borrowerId, reason, requested_at: at })
      .onConflict((oc) =>
        oc
          .column('borrower_id')
          .where(sql<boolean>`status = 'requested'`)
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    return row && request(row);
  }

  async waitingOf(borrowerId: string): Promise<ErasureRequest | undefined> {
    const row = await this.db
      .selectFrom('erasure_requests')
      .selectAll()
      .where('borrower_id', '=', borrowerId)
      .where('status', '=', 'requested')
      .executeTakeFirst();
    return row && request(row);
  }

  async ofBorrower(borrowerId: string): Promise<ErasureRequest[]> {
    const rows = await this.db
      .selectFrom('erasure_requests')
      .selectAll()
      .where('borrower_id', '=', borrowerId)
      .orderBy('requested_at', 'desc')
      .execute();
    return rows.map(request);
  }

  async one(id: string, db: Db = this.db, forUpdate = false): Promise<ErasureRequest | undefined> {
    let query = db.selectFrom('erasure_requests').selectAll().where('id', '=', id);
    if (forUpdate) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && request(row);
  }

  async list(filter: ErasureListFilter, sort: ListParams['sort'], range: ListParams['range']) {
    let query = this.db.selectFrom('erasure_requests');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.borrowerId) query = query.where('borrower_id', '=', filter.borrowerId);
    if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(ERASURE_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(request), total };
  }

  /** Marks the request carried out with its answer, in the erasure's transaction. */
  async carriedOut(trx: Db, id: string, by: string, at: Date, answer: ErasureAnswer): Promise<void> {
    await trx
      .updateTable('erasure_requests')
      .set({ status: 'carried-out', carried_out_by: by, carried_out_at: at, answer: JSON.stringify(answer) })
      .where('id', '=', id)
      .where('status', '=', 'requested')
      .execute();
  }
}
