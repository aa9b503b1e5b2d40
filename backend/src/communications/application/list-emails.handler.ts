import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../platform/database/database.js';
import type { ListParams } from '../../platform/query/list-params.js';
import type { EmailStatus } from '../domain/email.js';
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
export const EMAIL_SORT_FIELDS = {
  id: 'id',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  sentAt: 'sent_at',
  status: 'status',
  to: 'to_address',
  subject: 'subject',
  template: 'template',
  attempts: 'attempts',
} as const;

const NULLABLE_SORT_FIELDS = new Set(['sentAt', 'template']);

/** The email log, one page at a time, newest first by default. */
@QueryHandler(ListEmailsQuery)
export class ListEmailsHandler implements IQueryHandler<ListEmailsQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListEmailsQuery) {
    let query = this.db.selectFrom('emails');
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.template) query = query.where('template', '=', filter.template);
    if (filter.userId) query = query.where('user_id', '=', filter.userId);
    if (filter.ids) query = query.where('id', 'in', filter.ids.length > 0 ? filter.ids : ['00000000-0000-0000-0000-000000000000']);
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('to_address', 'ilike', like), eb('subject', 'ilike', like)]));
    }
    const column = EMAIL_SORT_FIELDS[sort.field as keyof typeof EMAIL_SORT_FIELDS];
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy(column, (ob) => {
          const ordered = sort.order === 'ASC' ? ob.asc() : ob.desc();
          return NULLABLE_SORT_FIELDS.has(sort.field) ? ordered.nullsLast() : ordered;
        })
        .orderBy('id', sort.order === 'ASC' ? 'asc' : 'desc')
        .offset(range.start)
        .limit(range.end - range.start + 1)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(emailView), total: Number(total.n) };
  }
}
