import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { WhatsappConversations, type ConversationSummary, type ConversationView } from './whatsapp-conversations.js';

export class ListWhatsappConversationsQuery extends Query<{ rows: ConversationSummary[]; total: number }> {
  constructor(
    readonly filter: { borrowerId?: string; open?: boolean },
    readonly range: { start: number; end: number },
  ) {
    super();
  }
}

/** The conversations, the most recent first, each with its window at this moment. */
@QueryHandler(ListWhatsappConversationsQuery)
export class ListWhatsappConversationsHandler implements IQueryHandler<ListWhatsappConversationsQuery> {
  constructor(
    private readonly conversations: WhatsappConversations,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ filter, range }: ListWhatsappConversationsQuery) {
    return this.conversations.list(filter, range, this.clock.now());
  }
}

export class GetWhatsappConversationQuery extends Query<ConversationView> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(GetWhatsappConversationQuery)
export class GetWhatsappConversationHandler implements IQueryHandler<GetWhatsappConversationQuery> {
  constructor(
    private readonly conversations: WhatsappConversations,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ id }: GetWhatsappConversationQuery) {
    return this.conversations.get(id, this.clock.now());
  }
}

export type WhatsappTemplateView = { id: string; name: string; body: string; parameters: string[] };

export class ListWhatsappTemplatesQuery extends Query<WhatsappTemplateView[]> {}

/** The approved templates, by name: what may be sent outside the 24-hour window. */
@QueryHandler(ListWhatsappTemplatesQuery)
export class ListWhatsappTemplatesHandler implements IQueryHandler<ListWhatsappTemplatesQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<WhatsappTemplateView[]> {
    const rows = await this.db
      .selectFrom('whatsapp_templates')
      .select(['name', 'body', 'parameters'])
      .where('approved', '=', true)
      .orderBy('name')
      .execute();
    return rows.map((r) => ({ id: r.name, name: r.name, body: r.body, parameters: r.parameters }));
  }
}
