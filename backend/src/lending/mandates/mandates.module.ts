import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { DB, type Db } from '../../platform/database/database.js';
import { PlatformRegistry } from '../../platform/registry.js';
import { AutoDebitPresentations } from '../loan/application/auto-debit-presentations.port.js';
import { LoanModule } from '../loan/loan.module.js';
import { ActOnMandateCommand, ActOnMandateHandler } from './application/act-on-mandate.handler.js';
import { AutoDebitNotices } from './application/auto-debit-notices.js';
import { mandateClosureSubscription } from './application/mandate-closure.subscription.js';
import { MandatePresentations } from './application/mandate-presentations.js';
import { GetLoanMandatesHandler } from './application/get-loan-mandates.handler.js';
import { ListMandatesHandler } from './application/list-mandates.handler.js';
import { ListPresentationsHandler } from './application/list-presentations.handler.js';
import { ReceiveMandateWebhookHandler } from './application/receive-mandate-webhook.handler.js';
import { SandboxMandatePages } from './application/sandbox-mandate-pages.js';
import { StartMandateRegistrationHandler } from './application/start-mandate-registration.handler.js';
import { AdminMandatesController } from './http/admin-mandates.controller.js';
import { MandateWebhooksController } from './http/mandate-webhooks.controller.js';
import { MyMandatesController } from './http/my-mandates.controller.js';
import {
  mandateManualCollectionsProjection,
  mandatePresentationsProjection,
  mandatesProjection,
} from './projections/mandates.projection.js';
import { MANDATE_PROVIDER } from './provider/mandate-provider.port.js';
import { SandboxMandateProvider } from './provider/sandbox-mandate-provider.js';

/**
 * Auto-debit (issue 32): e-NACH and UPI AutoPay mandates, presentations at close of business, bounces, the borrower's
 * notices by SMS and email (the `auto-debit-notices` subscription); the provider and its sandbox. Global for one export only, the loan core's AutoDebitPresentations port, which collections' close of
 * business calls after ageing without importing this slice.
 */
@Global()
@Module({
  imports: [LoanModule],
  controllers: [AdminMandatesController, MyMandatesController, MandateWebhooksController],
  providers: [
    {
      provide: MANDATE_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SandboxMandateProvider(config.payments.webhookSecret),
    },
    SandboxMandatePages,
    MandatePresentations,
    AutoDebitNotices,
    { provide: AutoDebitPresentations, useExisting: MandatePresentations },
    StartMandateRegistrationHandler,
    ReceiveMandateWebhookHandler,
    ActOnMandateHandler,
    GetLoanMandatesHandler,
    ListMandatesHandler,
    ListPresentationsHandler,
  ],
  exports: [AutoDebitPresentations],
})
export class MandatesModule implements OnModuleInit {
  constructor(
    private readonly registry: PlatformRegistry,
    private readonly act: ActOnMandateHandler,
    private readonly notices: AutoDebitNotices,
    @Inject(DB) private readonly db: Db,
  ) {}

  onModuleInit(): void {
    const system = { id: 'system:mandates', role: 'staff' as const };
    this.registry.addSubscription(
      mandateClosureSubscription(this.db, async (_loanId, mandateId, cause) => {
        await this.act.execute(new ActOnMandateCommand(system, mandateId, { action: 'cancel', cause }));
      }),
    );
    this.registry.addSubscription(this.notices.subscription());
    this.registry.addProjection(mandatesProjection);
    this.registry.addProjection(mandatePresentationsProjection);
    this.registry.addProjection(mandateManualCollectionsProjection);
  }
}
