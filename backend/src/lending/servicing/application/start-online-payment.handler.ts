import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { decide } from '../../loan/domain/loan.decide.js';
import type { CreateOnlinePayment } from '../domain/payment.commands.js';
import type { LoanRecord } from '../../loan/domain/loan.state.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { OnlinePaymentsOff } from '../domain/payment.errors.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/payment-provider.port.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { PaymentCommands } from './payment-commands.js';
import { LoanProducts } from '../../loan/application/loan-products.port.js';

export class StartOnlinePaymentCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly amount: number,
    /** The borrower chose "pay extra to reduce principal". */
    readonly reducePrincipal = false,
  ) {}
}

/**
 * A borrower pays online: the command is checked first (a loan that takes no payment creates no order at the
 * provider), then the provider makes an order, then OnlinePaymentCreated is appended. Answers where to send the
 * borrower: `{paymentId, status: "created", redirectUrl}`.
 */
@CommandHandler(StartOnlinePaymentCommand)
export class StartOnlinePaymentHandler implements ICommandHandler<StartOnlinePaymentCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly catalog: LoanProducts,
    private readonly payments: PaymentCommands,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, amount, reducePrincipal }: StartOnlinePaymentCommand) {
    if (!this.config.payments.webhookSecret) throw new OnlinePaymentsOff();
    const paymentId = crypto.randomUUID();
    const command = (at: string, providerOrderId: string): CreateOnlinePayment => ({
      type: 'CreateOnlinePayment',
      data: { loanId, at, actor, paymentId, amount, provider: this.provider.name, providerOrderId, reducePrincipal },
    });
    const loaded = await this.executor.load(loanId, actor);
    if (loaded.state.status !== 'none')
      decide(command(this.clock.now().toISOString(), 'pending'), loaded.state, await this.catalog.parametersOf(loaded.state as LoanRecord));
    const order = await this.provider.createOrder({ paymentId, loanId, amount, currency: this.config.product.currency });
    await this.payments.execute((at) => command(at, order.providerOrderId), actor);
    return { paymentId, status: 'created' as const, redirectUrl: order.redirectUrl };
  }
}
