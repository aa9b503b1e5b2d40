import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Actor } from '../../loan/domain/loan.types.js';
import { InvalidWebhookSignature, MalformedWebhook } from '../domain/payment.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider.port.js';
import { PaymentCommands } from './payment-commands.js';

export class ReceivePaymentWebhookCommand {
  constructor(
    readonly rawBody: Buffer,
    readonly headers: Record<string, string | string[] | undefined>,
  ) {}
}

/**
 * The provider's confirmation of an online payment. The signature is checked over the raw body before anything is
 * read (401, nothing changed); the decider applies a capture once however often it is delivered, and flags a
 * captured amount that differs from the order. The events name the provider as the actor.
 */
@CommandHandler(ReceivePaymentWebhookCommand)
export class ReceivePaymentWebhookHandler implements ICommandHandler<ReceivePaymentWebhookCommand> {
  constructor(
    private readonly payments: PaymentCommands,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ rawBody, headers }: ReceivePaymentWebhookCommand) {
    const confirmation = this.provider.readWebhook(rawBody, headers);
    if (confirmation === undefined) throw new InvalidWebhookSignature();
    if (confirmation === 'malformed') throw new MalformedWebhook();
    const { paymentId, outcome, amount, providerReference } = confirmation;
    const loanId = await this.payments.loanOf(paymentId);
    const actor: Actor = { id: `payment-provider:${this.provider.name}`, role: 'staff' };
    const businessDate = await this.payments.today();
    await this.payments.execute(
      (at) => ({ type: 'ConfirmOnlinePayment', data: { loanId, at, actor, paymentId, outcome, amount, providerReference, businessDate } }),
      actor,
    );
    const payment = await this.payments.view(paymentId);
    return { received: true, paymentId, status: payment.status };
  }
}
