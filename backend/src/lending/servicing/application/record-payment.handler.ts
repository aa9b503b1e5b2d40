import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IdempotencyKeyReused } from '../../../platform/event-store/event-store.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import type { OfflinePaymentMethod } from '../domain/payment.events.js';
import { PaymentCommands } from './payment-commands.js';

/** `reducePrincipal`: the payer chose "pay extra to reduce principal"; the events carry it (docs/servicing.md). */
export type OfflinePaymentInput = {
  amount: number;
  paidOn: string;
  method: OfflinePaymentMethod;
  reference: string;
  reducePrincipal?: boolean;
};

export class RecordPaymentCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly input: OfflinePaymentInput,
    readonly idempotencyKey?: string,
  ) {}
}

/** Staff record money received at the counter: pending until a second person verifies it. Answers the payment. */
@CommandHandler(RecordPaymentCommand)
export class RecordPaymentHandler implements ICommandHandler<RecordPaymentCommand> {
  constructor(private readonly payments: PaymentCommands) {}

  async execute({ actor, loanId, input, idempotencyKey }: RecordPaymentCommand) {
    const paymentId = PaymentCommands.newId(actor, idempotencyKey, 'record-payment');
    const earlier = idempotencyKey ? await this.payments.existing(paymentId) : undefined;
    if (earlier) {
      const same =
        earlier.loanId === loanId && earlier.amount === input.amount && earlier.paidOn === input.paidOn && earlier.method === input.method;
      if (!same) throw new IdempotencyKeyReused(idempotencyKey!);
      return earlier;
    }
    const businessDate = await this.payments.today();
    await this.payments.execute((at) => ({ type: 'RecordPayment', data: { loanId, at, actor, paymentId, ...input, businessDate } }), actor);
    return this.payments.view(paymentId);
  }
}
