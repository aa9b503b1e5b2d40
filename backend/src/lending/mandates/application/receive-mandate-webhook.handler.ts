import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { MoneyCommands } from '../../loan/application/money-commands.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { InvalidMandateWebhookSignature, MalformedMandateWebhook, PresentationNotFound } from '../domain/mandate.errors.js';
import { MANDATE_PROVIDER, type MandateProvider } from '../provider/mandate-provider.port.js';
import { MandatePresentations } from './mandate-presentations.js';
import { loanOfMandate, loanOfPresentation, paymentIdOf } from './mandate-records.js';
import { presentationSends } from './presentation-sends.js';

export class ReceiveMandateWebhookCommand {
  constructor(
    readonly rawBody: Buffer,
    readonly headers: Record<string, string | string[] | undefined>,
  ) {}
}

/**
 * The provider's word on a registration, a cancellation at the borrower's bank, or a presentation. The signature is checked over the raw body before
 * anything is read (401, nothing changed); the decider applies each outcome once however often it is delivered. The
 * events name the provider as the actor.
 */
@CommandHandler(ReceiveMandateWebhookCommand)
export class ReceiveMandateWebhookHandler implements ICommandHandler<ReceiveMandateWebhookCommand> {
  constructor(
    private readonly money: MoneyCommands,
    @Inject(MANDATE_PROVIDER) private readonly provider: MandateProvider,
    @Inject(DB) private readonly db: Db,
    private readonly presentations: MandatePresentations,
  ) {}

  async execute({ rawBody, headers }: ReceiveMandateWebhookCommand) {
    const notice = this.provider.readWebhook(rawBody, headers);
    if (notice === undefined) throw new InvalidMandateWebhookSignature();
    if (notice === 'malformed') throw new MalformedMandateWebhook();
    const actor: Actor = { id: `mandate-provider:${this.provider.name}`, role: 'staff' };
    const businessDate = await this.money.today();
    if (notice.about === 'mandate') {
      const { mandateId, status, providerReference, reason } = notice;
      const loanId = await loanOfMandate(this.db, mandateId);
      if (status === 'cancelled') {
        // The borrower cancelled at their bank: honoured as their request, the loan falls back to manual payment.
        const why = reason !== undefined && reason !== '' ? `Cancelled at the bank: ${reason}` : 'Cancelled by the borrower at their bank';
        await this.money.execute(
          (at) => ({ type: 'CancelMandate', data: { loanId, at, actor, reason: why, mandateId, cause: 'cancelled-at-bank' } }),
          actor,
        );
        return { received: true, about: 'mandate' as const, id: mandateId };
      }
      await this.money.execute(
        (at) => ({
          type: 'RecordMandateRegistration',
          data: { loanId, at, actor, mandateId, outcome: status, providerReference, businessDate, ...(reason !== undefined && { reason }) },
        }),
        actor,
      );
      return { received: true, about: 'mandate' as const, id: mandateId };
    }
    const { presentationId, status, amount, providerReference, reasonCode } = notice;
    const loanId = await this.loanOfPresentation(presentationId);
    await this.money.execute(
      (at) => ({
        type: 'RecordPresentationResult',
        data: {
          loanId,
          at,
          actor,
          presentationId,
          outcome: status,
          paymentId: paymentIdOf(presentationId),
          amount,
          providerReference,
          businessDate,
          ...(reasonCode !== undefined && { reasonCode }),
        },
      }),
      actor,
    );
    return { received: true, about: 'presentation' as const, id: presentationId };
  }

  /**
   * The loan of a presentation: from the read model, or, for a debit sent by a run that stopped before recording it,
   * from its write-ahead row, which is then recorded first (the provider speaks of a debit it holds). Neither: 404, the
   * provider delivers it again.
   */
  private async loanOfPresentation(presentationId: string): Promise<string> {
    try {
      return await loanOfPresentation(this.db, presentationId);
    } catch (error) {
      const send = error instanceof PresentationNotFound ? await presentationSends.of(this.db, presentationId) : undefined;
      if (send === undefined) throw error;
      await this.presentations.recordSend(send);
      return send.loanId;
    }
  }
}
