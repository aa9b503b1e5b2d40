import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, sortable } from '../../../platform/query/list-query.js';
import type { PushStatus } from '../../domain/push.js';
import { pushView } from './push.view.js';

export type PushListFilter = { status?: PushStatus; topic?: string; userId?: string; ids?: string[] };

export class ListPushesQuery {
  constructor(
    readonly filter: PushListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

/** Sortable fields (API name -> column); documented in docs/api.md. */
export const PUSH_SORT = sortable({ id: 'id', createdAt: 'created_at', status: 'status', topic: 'topic', attempts: 'attempts' });

/** The push log, one page at a time, newest first by default. */
@QueryHandler(ListPushesQuery)
export class ListPushesHandler implements IQueryHandler<ListPushesQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListPushesQuery) {
    let query = this.db.selectFrom('pushes');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.topic) query = query.where('topic', '=', filter.topic);
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(PUSH_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(pushView), total };
  }
}
