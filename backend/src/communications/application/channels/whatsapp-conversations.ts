import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BorrowerDirectory, type BorrowerProfile } from '../../../identity/public/index.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { e164Phone } from '../../../platform/phone/phone-number.js';
import { countOf, inRange } from '../../../platform/query/list-query.js';
import { ChannelNotFound } from '../../domain/channel.errors.js';
import { whatsappWindow } from '../../domain/whatsapp-window.js';

export type WhatsappMessageView = {
  id: string;
  direction: 'inbound' | 'outbound';
  body: string;
  templateName: string | null;
  status: string;
  loanId: string | null;
  sentBy: string | null;
  at: string;
};

export type ConversationWindow = { open: boolean; closesAt: string | null };

export type ConversationSummary = {
  id: string;
  phone: string;
  borrowerId: string | null;
  borrowerName: string | null;
  lastMessage: string;
  lastMessageAt: string;
  lastInboundAt: string | null;
  messages: number;
  window: ConversationWindow;
};

export type ConversationView = Omit<ConversationSummary, 'lastMessage' | 'lastMessageAt' | 'messages'> & {
  messages: WhatsappMessageView[];
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const windowAt = (lastInboundAt: Date | null, now: Date): ConversationWindow => {
  const w = whatsappWindow(lastInboundAt, now);
  return { open: w.open, closesAt: w.closesAt?.toISOString() ?? null };
};

/**
 * The WhatsApp conversations, one per phone number: the borrower's when identity knows the number. A conversation's
 * id is the borrower's id, or the phone (E.164) for a number no borrower has.
 */
@Injectable()
export class WhatsappConversations {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly directory: BorrowerDirectory,
  ) {}

  async lastInboundAt(phone: string): Promise<Date | null> {
    const row = await this.db
      .selectFrom('whatsapp_messages')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('phone', '=', phone)
      .where('direction', '=', 'inbound')
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }

  async list(
    filter: { borrowerId?: string; open?: boolean },
    range: { start: number; end: number },
    now: Date,
  ): Promise<{ rows: ConversationSummary[]; total: number }> {
    const base = this.db
      .selectFrom('whatsapp_messages')
      .select([
        'phone',
        sql<string | null>`(array_agg(borrower_id::text ORDER BY at DESC) FILTER (WHERE borrower_id IS NOT NULL))[1]`.as('borrower_id'),
        sql<Date>`max(at)`.as('last_at'),
        sql<Date | null>`max(at) FILTER (WHERE direction = 'inbound')`.as('last_inbound_at'),
        sql<string>`(array_agg(body ORDER BY at DESC, created_at DESC))[1]`.as('last_body'),
        sql<string>`count(*)`.as('n'),
      ])
      .groupBy('phone')
      .$if(filter.borrowerId !== undefined, (q) => q.having(sql<boolean>`bool_or(borrower_id = ${filter.borrowerId!}::uuid)`))
      .$if(filter.open !== undefined, (q) =>
        q.having(
          sql<boolean>`coalesce(max(at) FILTER (WHERE direction = 'inbound') > ${new Date(now.getTime() - 24 * 3600 * 1000)}, false) = ${filter.open!}`,
        ),
      );
    const [page, total] = await Promise.all([
      this.db.selectFrom(base.as('c')).selectAll().orderBy('last_at', 'desc').orderBy('phone').$call(inRange(range)).execute(),
      countOf(this.db, this.db.selectFrom(base.as('c'))),
    ]);
    const names = await this.names(page.map((r) => r.borrower_id));
    return {
      rows: page.map((r) => ({
        id: r.borrower_id ?? r.phone,
        phone: r.phone,
        borrowerId: r.borrower_id,
        borrowerName: r.borrower_id ? (names.get(r.borrower_id)?.name ?? null) : null,
        lastMessage: r.last_body,
        lastMessageAt: new Date(r.last_at).toISOString(),
        lastInboundAt: r.last_inbound_at ? new Date(r.last_inbound_at).toISOString() : null,
        messages: Number(r.n),
        window: windowAt(r.last_inbound_at ? new Date(r.last_inbound_at) : null, now),
      })),
      total,
    };
  }

  /** A conversation by its id (a borrower's id or a phone), with every message, oldest first. */
  async get(id: string, now: Date): Promise<ConversationView> {
    const target = await this.resolve(id);
    const rows = await this.db
      .selectFrom('whatsapp_messages')
      .select(['id', 'direction', 'body', 'template_name', 'status', 'loan_id', 'sent_by', 'at'])
      .where('phone', '=', target.phone)
      .orderBy('at')
      .orderBy('created_at')
      .limit(1000)
      .execute();
    if (rows.length === 0 && !target.borrower) throw new ChannelNotFound(`No WhatsApp conversation ${id}`);
    const lastInbound = rows.filter((r) => r.direction === 'inbound').at(-1)?.at ?? null;
    return {
      id: target.borrower?.id ?? target.phone,
      phone: target.phone,
      borrowerId: target.borrower?.id ?? null,
      borrowerName: target.borrower?.name ?? null,
      lastInboundAt: lastInbound ? new Date(lastInbound).toISOString() : null,
      window: windowAt(lastInbound ? new Date(lastInbound) : null, now),
      messages: rows.map((r) => ({
        id: r.id,
        direction: r.direction,
        body: r.body,
        templateName: r.template_name,
        status: r.status,
        loanId: r.loan_id,
        sentBy: r.sent_by,
        at: new Date(r.at).toISOString(),
      })),
    };
  }

  /** The borrower and phone a conversation id names; a borrower without a phone number has no conversation. */
  async resolve(id: string): Promise<{ phone: string; borrower: BorrowerProfile | undefined }> {
    if (UUID.test(id)) {
      const borrower = await this.directory.profileOf(id.toLowerCase());
      if (!borrower) throw new ChannelNotFound(`No borrower ${id}`);
      // The provider and the conversation's key are E.164; a stored phone that does not read as a number is listed for staff.
      const phone = borrower.phone ? e164Phone(borrower.phone) : undefined;
      if (!phone) throw new ChannelNotFound(`Borrower ${id} has no phone number for WhatsApp`);
      return { phone, borrower };
    }
    const [borrower] = await this.directory.findByContact({ phone: id, email: null });
    return { phone: id, borrower };
  }

  private async names(ids: (string | null)[]): Promise<Map<string, BorrowerProfile>> {
    const known = [...new Set(ids.filter((id): id is string => id !== null))];
    if (known.length === 0) return new Map();
    return new Map((await this.directory.profilesOf(known)).map((p) => [p.id, p]));
  }
}
