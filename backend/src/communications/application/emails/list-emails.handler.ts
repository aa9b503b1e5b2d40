import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, likePattern, sortable } from '../../../platform/query/list-query.js';
import type { EmailStatus } from '../../domain/email.js';
import { emailView } from './email.view.js';

export type EmailListFilter = { q?: string; status?: EmailStatus; template?: string; userId?: string; ids?: string[] };

export class ListEmailsQuery {
  constructor(
    readonly filter: EmailListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

/** Sortable fields (API name -> column); documented in docs/api.md. */
export const EMAIL_SORT = sortable(
  {
    id: 'id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    sentAt: 'sent_at',
    status: 'status',
    to: 'to_address',
    subject: 'subject',
    template: 'template',
    attempts: 'attempts',
  },
  { nulls: 'last', nullable: ['sentAt', 'template'] },
);

/** The email log, one page at a time, newest first by default. */
@QueryHandler(ListEmailsQuery)
export class ListEmailsHandler implements IQueryHandler<ListEmailsQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListEmailsQuery) {
    let query = this.db.selectFrom('emails');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.template) query = query.where('template', '=', filter.template);
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
    if (filter.q) {
      const like = likePattern(filter.q);
      query = query.where((eb) => eb.or([eb('to_address', 'ilike', like), eb('subject', 'ilike', like)]));
    }
    const [rows, total] = await Promise.all([
      query.selectAll().orderBy(EMAIL_SORT.orderBy(sort)).orderBy('id', direction(sort)).$call(inRange(range)).execute(),
      countOf(this.db, query),
    ]);
    return { rows: rows.map(emailView), total };
  }
}
