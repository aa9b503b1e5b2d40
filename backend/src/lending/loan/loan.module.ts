import { Inject, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { BorrowerDirectory, PresencePlans } from '../../identity/public/index.js';
import { IdentityModule } from '../../identity/identity.module.js';
import { OriginationModule } from '../../origination/origination.module.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { DB, type Db } from '../../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../../platform/queue/queue-backend.js';
import { PlatformRegistry } from '../../platform/registry.js';
import { BorrowerLoans } from '../public/borrower-loans.port.js';
import { LoanPersonalData } from '../public/loan-personal-data.port.js';
import { LoanSummariesPersonalData } from './application/queries/loan-personal-data.reader.js';
import { ProductsModule } from '../products/products.module.js';
import { presencePlanReader } from './application/queries/presence-plan-reader.js';
import { borrowerNotificationsSubscription, notifyBorrowerJob } from './jobs/borrower-notifications.js';
import { loanSummaryProjection } from './projections/loan-summary.projection.js';
import { LoanSummariesBorrowerLoans } from './application/queries/borrower-loans.reader.js';
import { CountLoanActivityHandler } from './application/queries/count-loan-activity.handler.js';
import { CountLoanQueuesHandler } from './application/queries/count-loan-queues.handler.js';
import { GetCustomerHandler } from './application/queries/get-customer.handler.js';
import { GetLoanAsOfHandler } from './application/queries/get-loan-as-of.handler.js';
import { GetLoanHistoryHandler } from './application/queries/get-loan-history.handler.js';
import { GetLoanHandler } from './application/queries/get-loan.handler.js';
import { GetMyLoanTimelineHandler } from './application/queries/get-my-loan-timeline.handler.js';
import { ListCustomersHandler } from './application/queries/list-customers.handler.js';
import { ListLoansHandler } from './application/queries/list-loans.handler.js';
import { ListMyLoansHandler } from './application/queries/list-my-loans.handler.js';
import { ListMyNotificationsHandler } from './application/queries/list-my-notifications.handler.js';
import { LoanAccess } from './application/loan-access.js';
import { LoanCommandExecutor } from './application/loan-command-executor.js';
import { LoanServicingReader } from './application/queries/loan-servicing.reader.js';
import { MoneyCommands } from './application/money-commands.js';
import { LoanBorrowersRepository } from './borrowers/loan-borrowers.repository.js';
import { AdminCustomersController } from './http/admin-customers.controller.js';
import { AdminLoansController } from './http/admin-loans.controller.js';
import { MyLoansController } from './http/my-loans.controller.js';
import { PublicSettingsController } from './http/public-settings.controller.js';

/** What every slice of lending uses: the command executor, loan access, money commands, the loan's read side. */
const shared = [LoanCommandExecutor, LoanAccess, MoneyCommands, LoanServicingReader, LoanBorrowersRepository];

/**
 * The loan as a whole: the aggregate (its events, state and decider dispatch, in domain/), the executor every slice
 * runs its commands through, and the loan's read side (lists, the loan page, its history, the borrower's loans,
 * customers). The slices import this module; it imports none of them but products (the LoanProducts port).
 */
@Module({
  imports: [IdentityModule, OriginationModule, ProductsModule],
  controllers: [AdminLoansController, AdminCustomersController, MyLoansController, PublicSettingsController],
  providers: [
    ...shared,
    { provide: BorrowerLoans, useClass: LoanSummariesBorrowerLoans },
    { provide: LoanPersonalData, useClass: LoanSummariesPersonalData },
    ListLoansHandler,
    CountLoanQueuesHandler,
    CountLoanActivityHandler,
    GetLoanHandler,
    GetLoanHistoryHandler,
    GetLoanAsOfHandler,
    GetMyLoanTimelineHandler,
    ListMyLoansHandler,
    ListMyNotificationsHandler,
    ListCustomersHandler,
    GetCustomerHandler,
  ],
  exports: [...shared, BorrowerLoans, LoanPersonalData, ProductsModule],
})
export class LoanModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly registry: PlatformRegistry,
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly directory: BorrowerDirectory,
    private readonly borrowers: LoanBorrowersRepository,
    private readonly plans: PresencePlans,
  ) {}

  onModuleInit(): void {
    this.registry.addProjection(loanSummaryProjection);
    this.registry.addSubscription(
      borrowerNotificationsSubscription(this.queue, async (loanIds) => {
        const rows = await this.db.selectFrom('loan_summaries').select(['id', 'borrower_id']).where('id', 'in', loanIds).execute();
        return new Map(rows.map((r) => [r.id, r.borrower_id]));
      }),
    );
    this.registry.addJob(notifyBorrowerJob(this.db));
    this.directory.onProfileWritten((profile) => this.borrowers.remember(profile));
    this.plans.provide(presencePlanReader(this.db, this.config.product.currency));
  }

  /** Borrowers who registered before loan_borrowers existed, or were written around identity, get their row now. */
  async onApplicationBootstrap(): Promise<void> {
    await this.borrowers.fillMissing();
  }
}
