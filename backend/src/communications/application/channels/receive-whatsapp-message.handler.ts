import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../../identity/public/index.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { DB, type Db } from '../../../platform/database/database.js';

/** An inbound message the provider reported (already signature-checked): its id, the sender's number, the text. */
export type InboundWhatsapp = { messageId: string; from: string; text: string; timestamp: Date };

export class ReceiveWhatsappMessageCommand extends Command<{ received: true; duplicate: boolean; id: string }> {
  constructor(readonly message: InboundWhatsapp) {
    super();
  }
}

/**
 * Stores a borrower's message once per provider message id (a replayed webhook answers `duplicate` and changes
 * nothing). The sender is linked to the borrower whose phone it is. A timestamp in the future counts as now, so a
 * provider's clock cannot hold the 24-hour window open.
 */
@CommandHandler(ReceiveWhatsappMessageCommand)
export class ReceiveWhatsappMessageHandler implements ICommandHandler<ReceiveWhatsappMessageCommand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly directory: BorrowerDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ message }: ReceiveWhatsappMessageCommand) {
    const [borrower] = await this.directory.findByContact({ phone: message.from, email: null });
    const now = this.clock.now();
    const at = message.timestamp.getTime() > now.getTime() ? now : message.timestamp;
    const inserted = await this.db
      .insertInto('whatsapp_messages')
      .values({
        id: randomUUID(),
        phone: message.from,
        borrower_id: borrower?.id ?? null,
        loan_id: null,
        direction: 'inbound',
        body: message.text,
        template_name: null,
        provider_message_id: message.messageId,
        status: 'received',
        sent_by: null,
        at,
      })
      .onConflict((oc) => oc.column('provider_message_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { received: true as const, duplicate: false, id: inserted.id };
    const stored = await this.db
      .selectFrom('whatsapp_messages')
      .select('id')
      .where('provider_message_id', '=', message.messageId)
      .executeTakeFirstOrThrow();
    return { received: true as const, duplicate: true, id: stored.id };
  }
}
