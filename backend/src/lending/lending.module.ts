import { ChannelContacts } from './collections/application/channel-contacts.js';
import { OverdueBook } from './collections/application/overdue-book.js';
import { Inject, Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { LoanSummariesBorrowerLoans } from './loan/application/borrower-loans.reader.js';
import { BorrowerLoans } from './public/borrower-loans.port.js';
import { DB, type Db } from '../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../platform/queue/queue-backend.js';
import { PlatformRegistry } from '../platform/registry.js';
import { IdentityModule } from '../identity/identity.module.js';
import { OriginationModule } from '../origination/origination.module.js';
import { BorrowerDirectory, PresencePlans } from '../identity/public/index.js';
import { presencePlanReader } from './loan/application/presence-plan-reader.js';
import { CountApplicationFunnelHandler } from './pipeline/application/count-application-funnel.handler.js';
import { AdminFunnelController } from './pipeline/http/admin-funnel.controller.js';
import { AgreementDocumentsRepository } from './pipeline/agreements/agreement-documents.repository.js';
import { LoanBorrowersRepository } from './loan/borrowers/loan-borrowers.repository.js';
import { GetBusinessDateHandler, SetBusinessDateHandler } from './collections/application/business-date.handlers.js';
import { CalculateEmiHandler } from './products/application/calculate-emi.handler.js';
import { CountLoanActivityHandler } from './loan/application/count-loan-activity.handler.js';
import { CountLoanQueuesHandler } from './loan/application/count-loan-queues.handler.js';
import { GetAgreementDocumentHandler } from './pipeline/application/get-agreement-document.handler.js';
import { GetLoanAsOfHandler } from './loan/application/get-loan-as-of.handler.js';
import { GetLoanHistoryHandler } from './loan/application/get-loan-history.handler.js';
import { GetMyLoanTimelineHandler } from './loan/application/get-my-loan-timeline.handler.js';
import { GetLoanHandler } from './loan/application/get-loan.handler.js';
import { GetProductHandler, ListProductVersionsHandler } from './products/application/get-product.handler.js';
import { IssueAgreementHandler } from './pipeline/application/issue-agreement.handler.js';
import { ApproveBankVerificationHandler } from './pipeline/application/approve-bank-verification.handler.js';
import { DevelopmentPennyDrop } from './pipeline/payouts/development-penny-drop.js';
import { PENNY_DROP } from './pipeline/payouts/penny-drop.port.js';
import { AgreementSignLinksRepository } from './pipeline/agreements/agreement-sign-links.repository.js';
import { AgreementSignLinkMailer } from './pipeline/application/agreement-sign-link-mailer.js';
import { GetSignLinkDocumentHandler, GetSignLinkHandler, SendSignLinkCodeHandler, SignByLinkHandler } from './pipeline/application/agreement-sign-link.handlers.js';
import { GetAgreementHandler } from './pipeline/application/get-agreement.handler.js';
import { GetLoanKfsHandler } from './pipeline/application/get-loan-kfs.handler.js';
import { ListAgreementsHandler } from './pipeline/application/list-agreements.handler.js';
import { SendSigningCodeHandler } from './pipeline/application/send-signing-code.handler.js';
import { SignAgreementHandler } from './pipeline/application/sign-agreement.handler.js';
import { AdminAgreementsController } from './pipeline/http/admin-agreements.controller.js';
import { PublicAgreementsController } from './pipeline/http/public-agreements.controller.js';
import { ListLoansHandler } from './loan/application/list-loans.handler.js';
import { ListMyLoansHandler } from './loan/application/list-my-loans.handler.js';
import { ListMyNotificationsHandler } from './loan/application/list-my-notifications.handler.js';
import { ListProductsHandler } from './products/application/list-products.handler.js';
import { ListPublicProductsHandler } from './products/application/list-public-products.handler.js';
import { LoanCommandExecutor } from './loan/application/loan-command-executor.js';
import { MoveLoanHandler } from './pipeline/application/move-loan.handler.js';
import { ProductCatalog } from './products/application/product-catalog.js';
import { CreateProductHandler, UpdateProductHandler } from './products/application/save-product.handler.js';
import { StartLoanApplicationHandler } from './pipeline/application/start-loan-application.handler.js';
import { SubmitLoanApplicationHandler } from './pipeline/application/submit-loan-application.handler.js';
import { AdminLoansController } from './loan/http/admin-loans.controller.js';
import { AdminProductsController } from './products/http/admin-products.controller.js';
import { BusinessDateController } from './collections/http/business-date.controller.js';
import { MyLoansController } from './loan/http/my-loans.controller.js';
import { PublicEmiController } from './products/http/public-emi.controller.js';
import { PublicProductsController } from './products/http/public-products.controller.js';
import { PublicSettingsController } from './loan/http/public-settings.controller.js';
import { borrowerNotificationsSubscription, notifyBorrowerJob } from './loan/jobs/borrower-notifications.js';
import { scheduleReminderSweep, sendReminderJob, sweepRemindersJob } from './collections/jobs/collection-reminder.job.js';
import { CollectionReminders } from './collections/application/collection-reminders.js';
import { CLOCK, systemClock } from '../platform/clock.js';
import { CommunicationsModule } from '../communications/communications.module.js';
import { ageLoansJob, nightlyCloseOfBusinessJob, scheduleNightlyCloseOfBusiness } from './collections/jobs/close-of-business.job.js';
import { DefaultProducts } from './products/application/default-products.js';
import { LoanProductsRepository } from './products/repository/loan-products.repository.js';
import { loanSummaryProjection } from './loan/projections/loan-summary.projection.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { ActOnPaymentHandler } from './servicing/application/act-on-payment.handler.js';
import { GetForeclosureQuoteHandler } from './servicing/application/get-foreclosure-quote.handler.js';
import { PreviewPaymentHandler } from './servicing/application/preview-payment.handler.js';
import { GetLoanStatementHandler } from './servicing/application/get-loan-statement.handler.js';
import { GetPaymentHandler } from './servicing/application/get-payment.handler.js';
import { ListLoanTransactionsHandler } from './servicing/application/list-loan-transactions.handler.js';
import { ListPaymentsHandler } from './servicing/application/list-payments.handler.js';
import { LoanAccess } from './loan/application/loan-access.js';
import { LoanServicingReader } from './loan/application/loan-servicing.reader.js';
import { PaymentCommands } from './servicing/application/payment-commands.js';
import { ReceivePaymentWebhookHandler } from './servicing/application/receive-payment-webhook.handler.js';
import { RecordPaymentHandler } from './servicing/application/record-payment.handler.js';
import { ApproveRefundHandler, RequestRefundHandler } from './servicing/application/refund-credit-balance.handlers.js';
import { StartOnlinePaymentHandler } from './servicing/application/start-online-payment.handler.js';
import { AdminLoanServicingController } from './servicing/http/admin-loan-servicing.controller.js';
import { AdminPaymentsController } from './servicing/http/admin-payments.controller.js';
import { MyPaymentsController } from './servicing/http/my-payments.controller.js';
import { PaymentWebhooksController } from './servicing/http/payment-webhooks.controller.js';
import { PAYMENT_PROVIDER } from './servicing/payments/payment-provider.port.js';
import { SandboxCheckout } from './servicing/payments/sandbox-checkout.js';
import { SandboxPaymentProvider } from './servicing/payments/sandbox-payment-provider.js';
import { paymentsProjection } from './servicing/projections/payments.projection.js';
import { CloseOfBusiness } from './collections/application/close-of-business.js';
import { RunCloseOfBusinessHandler } from './collections/application/close-of-business.handler.js';
import { CloseOfBusinessRuns } from './collections/application/close-of-business-runs.js';
import { GetCloseOfBusinessRunHandler, ListCloseOfBusinessRunsHandler, StartCloseOfBusinessRunHandler } from './collections/application/close-of-business-runs.handlers.js';
import { CloseOfBusinessRunsController } from './collections/http/close-of-business-runs.controller.js';
import { GetLoanDelinquencyHandler } from './collections/application/get-loan-delinquency.handler.js';
import { AdminCollectionsController } from './collections/http/admin-collections.controller.js';
import { AdminSettlementController } from './settlement/http/admin-settlement.controller.js';
import {
  ApproveSettlementOfferHandler,
  ApproveWriteOffHandler,
  GetWriteOffHandler,
  ListSettlementOffersHandler,
  OfferSettlementHandler,
  RejectSettlementOfferHandler,
  RejectWriteOffHandler,
  WithdrawWriteOffHandler,
  RequestWriteOffHandler,
  WithdrawSettlementOfferHandler,
} from './settlement/application/settlement.handlers.js';
import { settlementOffersProjection } from './settlement/projections/settlement-offers.projection.js';
import { agreementsProjection } from './pipeline/projections/agreements.projection.js';
import { servicingProjection } from './servicing/projections/servicing.projection.js';
import { collectionWorkProjection } from './collections/projections/collection-work.projection.js';
import { collectionRemindersProjection } from './collections/projections/collection-reminders.projection.js';
import { CollectionQueues } from './collections/application/collection-queues.js';
import {
  CountCollectionBucketsHandler, GetCollectionRowHandler, ListCollectionsHandler, ListCollectorsHandler, ListLoanContactsHandler,
} from './collections/application/collection-queues.handlers.js';
import { AssignCollectorHandler, RecordCollectionContactHandler } from './collections/application/collection-work.handlers.js';
import { AdminCollectionQueuesController } from './collections/http/admin-collection-queues.controller.js';
import { AdminCustomersController } from './loan/http/admin-customers.controller.js';
import { GetCustomerHandler } from './loan/application/get-customer.handler.js';
import { ListCustomersHandler } from './loan/application/list-customers.handler.js';

const commandHandlers = [
  StartLoanApplicationHandler,
  MoveLoanHandler,
  SubmitLoanApplicationHandler,
  IssueAgreementHandler,
  ApproveBankVerificationHandler,
  SignAgreementHandler,
  SendSigningCodeHandler,
  SendSignLinkCodeHandler,
  SignByLinkHandler,
  CreateProductHandler,
  UpdateProductHandler,
  SetBusinessDateHandler,
  RecordPaymentHandler,
  ActOnPaymentHandler,
  StartOnlinePaymentHandler,
  ReceivePaymentWebhookHandler,
  RequestRefundHandler,
  ApproveRefundHandler,
  OfferSettlementHandler,
  ApproveSettlementOfferHandler,
  RequestWriteOffHandler,
  ApproveWriteOffHandler,
  RejectSettlementOfferHandler,
  WithdrawSettlementOfferHandler,
  RejectWriteOffHandler,
  WithdrawWriteOffHandler,
  RunCloseOfBusinessHandler,
  StartCloseOfBusinessRunHandler,
  AssignCollectorHandler,
  RecordCollectionContactHandler,
];
const queryHandlers = [
  GetCloseOfBusinessRunHandler,
  ListCloseOfBusinessRunsHandler,
  ListCustomersHandler,
  GetCustomerHandler,
  ListLoansHandler,
  CountApplicationFunnelHandler,
  CountLoanQueuesHandler,
  CountLoanActivityHandler,
  GetLoanHandler,
  GetLoanHistoryHandler,
  GetMyLoanTimelineHandler,
  GetLoanAsOfHandler,
  ListMyLoansHandler,
  ListMyNotificationsHandler,
  GetAgreementDocumentHandler,
  CalculateEmiHandler,
  ListProductsHandler,
  GetProductHandler,
  ListProductVersionsHandler,
  ListPublicProductsHandler,
  GetBusinessDateHandler,
  ListPaymentsHandler,
  GetPaymentHandler,
  ListLoanTransactionsHandler,
  GetForeclosureQuoteHandler,
  PreviewPaymentHandler,
  GetLoanStatementHandler,
  GetLoanDelinquencyHandler,
  ListCollectionsHandler,
  CountCollectionBucketsHandler,
  GetCollectionRowHandler,
  ListCollectorsHandler,
  ListLoanContactsHandler,
  ListSettlementOffersHandler,
  GetWriteOffHandler,
  GetLoanKfsHandler,
  ListAgreementsHandler,
  GetAgreementHandler,
  GetSignLinkHandler,
  GetSignLinkDocumentHandler,
];
const controllers = [
  AdminLoansController,
  AdminFunnelController,
  AdminAgreementsController,
  PublicAgreementsController,
  AdminCollectionsController,
  CloseOfBusinessRunsController,
  AdminCollectionQueuesController,
  AdminCustomersController,
  AdminSettlementController,
  AdminLoanServicingController,
  AdminPaymentsController,
  AdminProductsController,
  BusinessDateController,
  MyLoansController,
  MyPaymentsController,
  PaymentWebhooksController,
  PublicEmiController,
  PublicProductsController,
  PublicSettingsController,
];
/** Servicing (issue 12): money commands, the servicing read models, the payment provider and its sandbox. */
const servicing = [
  PaymentCommands,
  LoanServicingReader,
  LoanAccess,
  SandboxCheckout,
  { provide: PAYMENT_PROVIDER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new SandboxPaymentProvider(config.payments.webhookSecret) },
  { provide: PENNY_DROP, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new DevelopmentPennyDrop({ enabled: config.pennyDrop.development, failingAccounts: config.pennyDrop.failingAccounts }, (line) => new Logger('PennyDrop').log(line)) },
];
const products = [LoanProductsRepository, ProductCatalog, DefaultProducts];

@Module({
  imports: [IdentityModule, OriginationModule, CommunicationsModule],
  controllers,
  providers: [...commandHandlers, ...queryHandlers, ...products, ...servicing, CloseOfBusiness, CloseOfBusinessRuns, CollectionQueues, CollectionReminders, { provide: CLOCK, useValue: systemClock }, LoanCommandExecutor, AgreementDocumentsRepository, AgreementSignLinksRepository, AgreementSignLinkMailer, LoanBorrowersRepository, { provide: BorrowerLoans, useClass: LoanSummariesBorrowerLoans }, ChannelContacts, OverdueBook],
  // Through lending's public entry: BorrowerLoans for help issues; ChannelContacts and OverdueBook for communications' channels (issue 15).
  exports: [BorrowerLoans, ChannelContacts, OverdueBook],
})
export class LendingModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly registry: PlatformRegistry,
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    private readonly directory: BorrowerDirectory,
    private readonly borrowers: LoanBorrowersRepository,
    private readonly defaultProducts: DefaultProducts,
    private readonly closeOfBusiness: CloseOfBusiness,
    private readonly reminders: CollectionReminders,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly plans: PresencePlans,
  ) {}

  onModuleInit(): void {
    this.registry.addProjection(loanSummaryProjection);
    this.registry.addProjection(paymentsProjection);
    this.registry.addProjection(servicingProjection);
    this.registry.addProjection(collectionWorkProjection);
    this.registry.addProjection(collectionRemindersProjection);
    this.registry.addProjection(settlementOffersProjection);
    this.registry.addProjection(agreementsProjection);
    this.registry.addSubscription(
      borrowerNotificationsSubscription(this.queue, async (loanIds) => {
        const rows = await this.db.selectFrom('loan_summaries').select(['id', 'borrower_id']).where('id', 'in', loanIds).execute();
        return new Map(rows.map((r) => [r.id, r.borrower_id]));
      }),
    );
    this.registry.addJob(notifyBorrowerJob(this.db));
    this.registry.addJob(ageLoansJob(this.closeOfBusiness));
    this.registry.addJob(nightlyCloseOfBusinessJob(this.closeOfBusiness, this.queue));
    this.registry.addJob(sendReminderJob(this.reminders));
    this.registry.addJob(sweepRemindersJob(this.reminders));
    this.directory.onProfileWritten((profile) => this.borrowers.remember(profile));
    this.plans.provide(presencePlanReader(this.db, this.config.product.currency));
  }

  /**
   * Borrowers who registered before loan_borrowers existed, or were written around identity, get their row now; an
   * empty product table gets the two products the settings describe; the nightly close of business is scheduled.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.borrowers.fillMissing();
    await this.defaultProducts.ensure();
    try {
      await scheduleNightlyCloseOfBusiness(this.queue, this.config.businessDate.timeZone);
    } catch (error) {
      new Logger('LendingModule').warn(`Could not schedule the nightly close of business (${(error as Error).message}); run it with npm run cli -- close-of-business.`);
    }
    try {
      await scheduleReminderSweep(this.queue, this.config.outboxSweep.everyMs);
    } catch (error) {
      new Logger('LendingModule').warn(`Could not schedule the collection reminders' sweep (${(error as Error).message}); reminders whose job was lost wait until it runs.`);
    }
  }
}
