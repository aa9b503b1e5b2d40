import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../../platform/database/database.js';

export class ListMyNotificationsQuery {
  constructor(readonly userId: string) {}
}

@QueryHandler(ListMyNotificationsQuery)
export class ListMyNotificationsHandler implements IQueryHandler<ListMyNotificationsQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ userId }: ListMyNotificationsQuery) {
    const rows = await this.db
      .selectFrom('loan_notifications')
      .select(['id', 'loan_id', 'event_type', 'message', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      loanId: r.loan_id,
      eventType: r.event_type,
      message: r.message,
      createdAt: r.created_at.toISOString(),
    }));
  }
}
