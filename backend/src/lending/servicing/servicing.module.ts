import { Module, type OnModuleInit } from '@nestjs/common';
import { IdentityModule } from '../../identity/identity.module.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { PlatformRegistry } from '../../platform/registry.js';
import { LoanModule } from '../loan/loan.module.js';
import { PAYMENT_PROVIDER } from './payments/payment-provider.port.js';
import { SandboxPaymentProvider } from './payments/sandbox-payment-provider.js';
import { paymentsProjection } from './projections/payments.projection.js';
import { servicingProjection } from './projections/servicing.projection.js';
import { ActOnPaymentHandler } from './application/act-on-payment.handler.js';
import { GetForeclosureQuoteHandler } from './application/get-foreclosure-quote.handler.js';
import { GetLoanStatementHandler } from './application/get-loan-statement.handler.js';
import { GetPaymentHandler } from './application/get-payment.handler.js';
import { ListLoanTransactionsHandler } from './application/list-loan-transactions.handler.js';
import { ListPaymentsHandler } from './application/list-payments.handler.js';
import { PaymentCommands } from './application/payment-commands.js';
import { PreviewPaymentHandler } from './application/preview-payment.handler.js';
import { ReceivePaymentWebhookHandler } from './application/receive-payment-webhook.handler.js';
import { RecordPaymentHandler } from './application/record-payment.handler.js';
import { ApproveRefundHandler, RequestRefundHandler } from './application/refund-credit-balance.handlers.js';
import { StartOnlinePaymentHandler } from './application/start-online-payment.handler.js';
import { AdminLoanServicingController } from './http/admin-loan-servicing.controller.js';
import { AdminPaymentsController } from './http/admin-payments.controller.js';
import { MyPaymentsController } from './http/my-payments.controller.js';
import { PaymentWebhooksController } from './http/payment-webhooks.controller.js';
import { SandboxCheckout } from './application/sandbox-checkout.js';
import { ServicingLoanPrincipals } from './application/servicing-loan-principals.js';
import { LoanPrincipals } from '../public/loan-principals.port.js';

/**
 * Servicing (issue 12): payments recorded by staff or made online, their allocation, reversals, refunds of credit
 * balance, statements and the foreclosure quote; the payment provider and its sandbox.
 */
@Module({
  imports: [LoanModule, IdentityModule],
  controllers: [AdminLoanServicingController, AdminPaymentsController, MyPaymentsController, PaymentWebhooksController],
  providers: [
    PaymentCommands,
    SandboxCheckout,
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SandboxPaymentProvider(config.payments.webhookSecret),
    },
    RecordPaymentHandler,
    ActOnPaymentHandler,
    StartOnlinePaymentHandler,
    ReceivePaymentWebhookHandler,
    RequestRefundHandler,
    ApproveRefundHandler,
    ListPaymentsHandler,
    GetPaymentHandler,
    ListLoanTransactionsHandler,
    GetForeclosureQuoteHandler,
    PreviewPaymentHandler,
    GetLoanStatementHandler,
    ServicingLoanPrincipals,
    { provide: LoanPrincipals, useExisting: ServicingLoanPrincipals },
  ],
  exports: [LoanPrincipals],
})
export class ServicingModule implements OnModuleInit {
  constructor(private readonly registry: PlatformRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(paymentsProjection);
    this.registry.addProjection(servicingProjection);
  }
}
