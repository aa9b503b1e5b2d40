import { ChannelContacts } from './application/channel-contacts.js';
import { OverdueBook } from './application/overdue-book.js';
import { Inject, Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { LoanSummariesBorrowerLoans } from './application/borrower-loans.reader.js';
import { BorrowerLoans } from './public/borrower-loans.port.js';
import { DB, type Db } from '../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../platform/queue/queue-backend.js';
import { PlatformRegistry } from '../platform/registry.js';
import { IdentityModule } from '../identity/identity.module.js';
import { OriginationModule } from '../origination/origination.module.js';
import { BorrowerDirectory, PresencePlans } from '../identity/public/index.js';
import { presencePlanReader } from './application/presence-plan-reader.js';
import { CountApplicationFunnelHandler } from './application/count-application-funnel.handler.js';
import { AdminFunnelController } from './http/admin-funnel.controller.js';
import { AgreementDocumentsRepository } from './agreements/agreement-documents.repository.js';
import { LoanBorrowersRepository } from './borrowers/loan-borrowers.repository.js';
import { GetBusinessDateHandler, SetBusinessDateHandler } from './application/business-date.handlers.js';
import { CalculateEmiHandler } from './application/calculate-emi.handler.js';
import { CountLoanActivityHandler } from './application/count-loan-activity.handler.js';
import { CountLoanQueuesHandler } from './application/count-loan-queues.handler.js';
import { GetAgreementDocumentHandler } from './application/get-agreement-document.handler.js';
import { GetLoanAsOfHandler } from './application/get-loan-as-of.handler.js';
import { GetLoanHistoryHandler } from './application/get-loan-history.handler.js';
import { GetMyLoanTimelineHandler } from './application/get-my-loan-timeline.handler.js';
import { GetLoanHandler } from './application/get-loan.handler.js';
import { GetProductHandler, ListProductVersionsHandler } from './application/get-product.handler.js';
import { IssueAgreementHandler } from './application/issue-agreement.handler.js';
import { ApproveBankVerificationHandler } from './application/approve-bank-verification.handler.js';
import { DevelopmentPennyDrop } from './payouts/development-penny-drop.js';
import { PENNY_DROP } from './payouts/penny-drop.port.js';
import { AgreementSignLinksRepository } from './agreements/agreement-sign-links.repository.js';
import { AgreementSignLinkMailer } from './application/agreement-sign-link-mailer.js';
import { GetSignLinkDocumentHandler, GetSignLinkHandler, SendSignLinkCodeHandler, SignByLinkHandler } from './application/agreement-sign-link.handlers.js';
import { GetAgreementHandler } from './application/get-agreement.handler.js';
import { GetLoanKfsHandler } from './application/get-loan-kfs.handler.js';
import { ListAgreementsHandler } from './application/list-agreements.handler.js';
import { SendSigningCodeHandler } from './application/send-signing-code.handler.js';
import { SignAgreementHandler } from './application/sign-agreement.handler.js';
import { AdminAgreementsController } from './http/admin-agreements.controller.js';
import { PublicAgreementsController } from './http/public-agreements.controller.js';
import { ListLoansHandler } from './application/list-loans.handler.js';
import { ListMyLoansHandler } from './application/list-my-loans.handler.js';
import { ListMyNotificationsHandler } from './application/list-my-notifications.handler.js';
import { ListProductsHandler } from './application/list-products.handler.js';
import { ListPublicProductsHandler } from './application/list-public-products.handler.js';
import { LoanCommandExecutor } from './application/loan-command-executor.js';
import { MoveLoanHandler } from './application/move-loan.handler.js';
import { ProductCatalog } from './application/product-catalog.js';
import { CreateProductHandler, UpdateProductHandler } from './application/save-product.handler.js';
import { StartLoanApplicationHandler } from './application/start-loan-application.handler.js';
import { SubmitLoanApplicationHandler } from './application/submit-loan-application.handler.js';
import { AdminLoansController } from './http/admin-loans.controller.js';
import { AdminProductsController } from './http/admin-products.controller.js';
import { BusinessDateController } from './http/business-date.controller.js';
import { MyLoansController } from './http/my-loans.controller.js';
import { PublicEmiController } from './http/public-emi.controller.js';
import { PublicProductsController } from './http/public-products.controller.js';
import { PublicSettingsController } from './http/public-settings.controller.js';
import { borrowerNotificationsSubscription, notifyBorrowerJob } from './jobs/borrower-notifications.js';
import { scheduleReminderSweep, sendReminderJob, sweepRemindersJob } from './jobs/collection-reminder.job.js';
import { CollectionReminders } from './application/collection-reminders.js';
import { CLOCK, systemClock } from '../platform/clock.js';
import { CommunicationsModule } from '../communications/communications.module.js';
import { ageLoansJob, nightlyCloseOfBusinessJob, scheduleNightlyCloseOfBusiness } from './jobs/close-of-business.job.js';
import { DefaultProducts } from './products/default-products.js';
import { LoanProductsRepository } from './products/loan-products.repository.js';
import { loanSummaryProjection } from './projections/loan-summary.projection.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { ActOnPaymentHandler } from './application/act-on-payment.handler.js';
import { GetForeclosureQuoteHandler } from './application/get-foreclosure-quote.handler.js';
import { PreviewPaymentHandler } from './application/preview-payment.handler.js';
import { GetLoanStatementHandler } from './application/get-loan-statement.handler.js';
import { GetPaymentHandler } from './application/get-payment.handler.js';
import { ListLoanTransactionsHandler } from './application/list-loan-transactions.handler.js';
import { ListPaymentsHandler } from './application/list-payments.handler.js';
import { LoanAccess } from './application/loan-access.js';
import { LoanServicingReader } from './application/loan-servicing.reader.js';
import { PaymentCommands } from './application/payment-commands.js';
import { ReceivePaymentWebhookHandler } from './application/receive-payment-webhook.handler.js';
import { RecordPaymentHandler } from './application/record-payment.handler.js';
import { ApproveRefundHandler, RequestRefundHandler } from './application/refund-credit-balance.handlers.js';
import { StartOnlinePaymentHandler } from './application/start-online-payment.handler.js';
import { AdminLoanServicingController } from './http/admin-loan-servicing.controller.js';
import { AdminPaymentsController } from './http/admin-payments.controller.js';
import { MyPaymentsController } from './http/my-payments.controller.js';
import { PaymentWebhooksController } from './http/payment-webhooks.controller.js';
import { PAYMENT_PROVIDER } from './payments/payment-provider.port.js';
import { SandboxCheckout } from './payments/sandbox-checkout.js';
import { SandboxPaymentProvider } from './payments/sandbox-payment-provider.js';
import { paymentsProjection } from './projections/payments.projection.js';
import { CloseOfBusiness } from './application/close-of-business.js';
import { RunCloseOfBusinessHandler } from './application/close-of-business.handler.js';
import { CloseOfBusinessRuns } from './application/close-of-business-runs.js';
import { GetCloseOfBusinessRunHandler, ListCloseOfBusinessRunsHandler, StartCloseOfBusinessRunHandler } from './application/close-of-business-runs.handlers.js';
import { CloseOfBusinessRunsController } from './http/close-of-business-runs.controller.js';
import { GetLoanDelinquencyHandler } from './application/get-loan-delinquency.handler.js';
import { AdminCollectionsController } from './http/admin-collections.controller.js';
import { AdminSettlementController } from './http/admin-settlement.controller.js';
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
} from './application/settlement.handlers.js';
import { settlementOffersProjection } from './projections/settlement-offers.projection.js';
import { agreementsProjection } from './projections/agreements.projection.js';
import { servicingProjection } from './projections/servicing.projection.js';
import { collectionWorkProjection } from './projections/collection-work.projection.js';
import { collectionRemindersProjection } from './projections/collection-reminders.projection.js';
import { CollectionQueues } from './application/collection-queues.js';
import {
  CountCollectionBucketsHandler, GetCollectionRowHandler, ListCollectionsHandler, ListCollectorsHandler, ListLoanContactsHandler,
} from './application/collection-queues.handlers.js';
import { AssignCollectorHandler, RecordCollectionContactHandler } from './application/collection-work.handlers.js';
import { AdminCollectionQueuesController } from './http/admin-collection-queues.controller.js';
import { AdminCustomersController } from './http/admin-customers.controller.js';
import { GetCustomerHandler } from './application/get-customer.handler.js';
import { ListCustomersHandler } from './application/list-customers.handler.js';

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
