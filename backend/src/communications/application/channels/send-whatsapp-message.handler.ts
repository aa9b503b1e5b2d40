import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../../identity/public/index.js';
import { ChannelContacts, CollectionConduct } from '../../../lending/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../platform/errors/domain-error.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { WHATSAPP_PROVIDER, type WhatsappProvider } from '../../channel-providers/whatsapp-provider.port.js';
import { ChannelInputRefused, ChannelNotFound } from '../../domain/channel.errors.js';
import { decideOutbound, type ApprovedTemplate } from '../../domain/whatsapp-message.js';
import { whatsappWindow } from '../../domain/whatsapp-window.js';
import type { WhatsappMessageView } from './whatsapp-conversations.js';
import { WhatsappConversations } from './whatsapp-conversations.js';

export type SendWhatsappInput = { borrowerId?: string; loanId?: string } & (
  { text: string } | { templateName: string; parameters: string[] }
);

export class SendWhatsappMessageCommand extends Command<WhatsappMessageView & { conversationId: string }> {
  constructor(
    readonly actor: Actor,
    readonly input: SendWhatsappInput,
  ) {
    super();
  }
}

/**
 * Staff write to a borrower, named by the borrower's id or a loan of theirs (from the loan or collection page).
 * Free text only inside the 24-hour window since the borrower last wrote; approved templates at any time. The
 * message goes through the WhatsApp provider port, and is stored once the provider took it. Only between 08:00 and
 * 19:00 in the borrower's time zone (recovery conduct); a message naming a loan counts against the borrower's daily
 * contacts and is written to the loan's contact log.
 */
@CommandHandler(SendWhatsappMessageCommand)
export class SendWhatsappMessageHandler implements ICommandHandler<SendWhatsappMessageCommand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly conversations: WhatsappConversations,
    @Inject(WHATSAPP_PROVIDER) private readonly provider: WhatsappProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly conduct: CollectionConduct,
    private readonly contacts: ChannelContacts,
  ) {}

  async execute({ actor, input }: SendWhatsappMessageCommand) {
    const borrowerId = input.borrowerId ?? (input.loanId ? await this.borrowerOfLoan(input.loanId) : undefined);
    if (!borrowerId)
      throw new ChannelInputRefused([{ name: 'borrowerId', message: 'name the borrower (borrowerId) or one of their loans (loanId)' }]);
    if (input.borrowerId && input.loanId && (await this.borrowerOfLoan(input.loanId)) !== input.borrowerId) {
      throw new ChannelInputRefused([{ name: 'loanId', message: "the loan is not this borrower's" }]);
    }
    const { phone } = await this.conversations.resolve(borrowerId);
    const now = this.clock.now();
    // Recovery conduct: a message about an overdue loan is contact for collection: only 08:00–19:00 in the borrower's
    // time zone, within the borrower's daily contacts, never to a reference's phone (CollectionConduct). A reply in a
    // conversation that names no loan answers the borrower and is not held to the collection window.
    if (input.loanId) await this.conduct.assertMayContact({ loanId: input.loanId, channel: 'whatsapp', phone });
    const window = whatsappWindow(await this.conversations.lastInboundAt(phone), now);
    const request =
      'text' in input
        ? { text: input.text }
        : { templateName: input.templateName, parameters: input.parameters, template: await this.template(input.templateName) };
    const { body, templateName } = decideOutbound(request, window);
    const { providerMessageId } = await this.provider.send({
      to: phone,
      body,
      ...(templateName ? { template: { name: templateName, parameters: 'parameters' in input ? input.parameters : [] } } : {}),
    });
    const id = randomUUID();
    const status = this.provider.name === 'development' ? 'recorded' : 'sent';
    await this.db
      .insertInto('whatsapp_messages')
      .values({
        id,
        phone,
        borrower_id: borrowerId,
        loan_id: input.loanId ?? null,
        direction: 'outbound',
        body,
        template_name: templateName,
        provider_message_id: providerMessageId,
        status,
        sent_by: actor.id,
        at: now,
      })
      .execute();
    if (input.loanId) await this.logContact(actor, input.loanId, body);
    return {
      id,
      conversationId: borrowerId,
      direction: 'outbound' as const,
      body,
      templateName,
      status,
      loanId: input.loanId ?? null,
      sentBy: actor.id,
      at: now.toISOString(),
    };
  }

  /**
   * A message about a loan is a collection contact: logged (channel whatsapp, outcome message-sent) by whoever sent it.
   * A loan no longer serviced (closed, written off) has no contact log: the message is then not a collection contact.
   */
  private async logContact(actor: Actor, loanId: string, body: string): Promise<void> {
    try {
      await this.contacts.record({ loanId, channel: 'whatsapp', outcome: 'message-sent', note: body.slice(0, 2_000), actor });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'LOAN.ILLEGAL_TRANSITION')) throw error;
    }
  }

  private async borrowerOfLoan(loanId: string): Promise<string> {
    const row = await this.db.selectFrom('email_loan_contacts').select('borrower_id').where('loan_id', '=', loanId).executeTakeFirst();
    if (!row) throw new ChannelNotFound(`No loan ${loanId}`);
    return row.borrower_id;
  }

  private async template(name: string): Promise<ApprovedTemplate | undefined> {
    return this.db
      .selectFrom('whatsapp_templates')
      .select(['name', 'body', 'parameters', 'approved'])
      .where('name', '=', name)
      .executeTakeFirst();
  }
}
