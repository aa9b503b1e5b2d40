import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../../platform/database/database.js';
import { READ_DB } from '../../../platform/database/read-database.js';
import { inOneForm } from '../../../platform/phone/phone-number.js';
import type { ListParams } from '../../../platform/query/list-params.js';
import { countOf, direction, idsOrNone, inRange, sortable } from '../../../platform/query/list-query.js';

export type SmsListFilter = { to?: string; purpose?: string; ids?: string[] };

export class ListSmsQuery {
  constructor(
    readonly filter: SmsListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

/** Sortable fields (API name -> column). */
export const SMS_SORT = sortable({ createdAt: 'created_at', to: 'to_phone', purpose: 'purpose', status: 'status' });

export type SmsView = {
  id: string;
  to: string;
  body: string;
  purpose: string | null;
  status: string;
  providerMessageId: string | null;
  createdAt: string;
};

/** The SMS log, newest first by default; `to` matches the number however it is written (compared in E.164). */
@QueryHandler(ListSmsQuery)
export class ListSmsHandler implements IQueryHandler<ListSmsQuery> {
  constructor(@Inject(READ_DB) private readonly db: Db) {}

  async execute({ filter, sort, range }: ListSmsQuery): Promise<{ rows: SmsView[]; total: number }> {
    let query = this.db.selectFrom('sms_log');
    if (filter.to) query = query.where('to_phone', '=', inOneForm(filter.to));
    if (filter.purpose) query = query.where('purpose', '=', filter.purpose);
    if (filter.ids) query = query.where('id', 'in', idsOrNone(filter.ids));
    const [rows, total] = await Promise.all([
      query
        .select(['id', 'to_phone', 'body', 'purpose', 'status', 'provider_message_id', 'created_at'])
        .orderBy(SMS_SORT.orderBy(sort))
        .orderBy('id', direction(sort))
        .$call(inRange(range))
        .execute(),
      countOf(this.db, query),
    ]);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        to: r.to_phone,
        body: r.body,
        purpose: r.purpose,
        status: r.status,
        providerMessageId: r.provider_message_id,
        createdAt: r.created_at.toISOString(),
      })),
      total,
    };
  }
}
