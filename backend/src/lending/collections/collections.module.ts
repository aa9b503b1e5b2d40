import { Inject, Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { IdentityModule } from '../../identity/identity.module.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { QUEUE_BACKEND, type QueueBackend } from '../../platform/queue/queue-backend.js';
import { PlatformRegistry } from '../../platform/registry.js';
import { LoanModule } from '../loan/loan.module.js';
import { ageLoansJob, nightlyCloseOfBusinessJob, scheduleNightlyCloseOfBusiness } from './jobs/close-of-business.job.js';
import { scheduleReminderSweep, sendReminderJob, sweepRemindersJob } from './jobs/collection-reminder.job.js';
import { collectionRemindersProjection } from './projections/collection-reminders.projection.js';
import { collectionWorkProjection } from './projections/collection-work.projection.js';
import { GetBusinessDateHandler, SetBusinessDateHandler } from './application/business-date.handlers.js';
import { ContactLogChannelContacts } from './application/channel-contacts.js';
import { CollectionConductRules, GetContactConductHandler } from './application/collection-conduct.js';
import { CollectionConduct } from '../public/collection-conduct.port.js';
import { OriginationModule } from '../../origination/origination.module.js';
import {
  GetCloseOfBusinessRunHandler,
  ListCloseOfBusinessRunsHandler,
  StartCloseOfBusinessRunHandler,
} from './application/close-of-business-runs.handlers.js';
import { CloseOfBusinessRuns } from './application/close-of-business-runs.js';
import { RunCloseOfBusinessHandler } from './application/close-of-business.handler.js';
import { CloseOfBusiness } from './application/close-of-business.js';
import {
  CountCollectionBucketsHandler,
  GetCollectionRowHandler,
  ListCollectionsHandler,
  ListCollectorsHandler,
  ListLoanContactsHandler,
} from './application/collection-queues.handlers.js';
import { CollectionQueues } from './application/collection-queues.js';
import { CollectionReminders } from './application/collection-reminders.js';
import { AssignCollectorHandler, RecordCollectionContactHandler } from './application/collection-work.handlers.js';
import { GetLoanDelinquencyHandler } from './application/get-loan-delinquency.handler.js';
import { QueuesOverdueBook } from './application/overdue-book.js';
import { BusinessDayClose } from '../public/close-of-business.port.js';
import { ChannelContacts } from '../public/channel-contacts.port.js';
import { OverdueBook } from '../public/overdue-book.port.js';
import { AdminCollectionQueuesController } from './http/admin-collection-queues.controller.js';
import { AdminCollectionsController } from './http/admin-collections.controller.js';
import { BusinessDateController } from './http/business-date.controller.js';
import { CloseOfBusinessRunsController } from './http/close-of-business-runs.controller.js';
import { BureauRunsController } from './http/bureau-runs.controller.js';
import { BureauRuns } from './application/bureau-runs.js';
import {
  GenerateBureauFileHandler,
  GetBureauRunFileHandler,
  GetBureauRunHandler,
  GetBureauRunReportHandler,
  ListBureauRunsHandler,
} from './application/bureau-runs.handlers.js';

/**
 * Collections: the business date and close of business (ageing, penal charges, reminders), the overdue book in
 * buckets, collectors' work and contact log, delinquency. Exports lending/public's ports: BusinessDayClose (the CLI),
 * ChannelContacts and OverdueBook (communications' channels).
 */
@Module({
  imports: [LoanModule, IdentityModule, OriginationModule],
  controllers: [
    AdminCollectionsController,
    CloseOfBusinessRunsController,
    AdminCollectionQueuesController,
    BusinessDateController,
    BureauRunsController,
  ],
  providers: [
    CloseOfBusiness,
    { provide: BusinessDayClose, useExisting: CloseOfBusiness },
    CloseOfBusinessRuns,
    CollectionQueues,
    CollectionReminders,
    ContactLogChannelContacts,
    { provide: ChannelContacts, useExisting: ContactLogChannelContacts },
    CollectionConductRules,
    { provide: CollectionConduct, useExisting: CollectionConductRules },
    GetContactConductHandler,
    QueuesOverdueBook,
    { provide: OverdueBook, useExisting: QueuesOverdueBook },
    SetBusinessDateHandler,
    GetBusinessDateHandler,
    RunCloseOfBusinessHandler,
    StartCloseOfBusinessRunHandler,
    GetCloseOfBusinessRunHandler,
    ListCloseOfBusinessRunsHandler,
    AssignCollectorHandler,
    RecordCollectionContactHandler,
    ListCollectionsHandler,
    CountCollectionBucketsHandler,
    GetCollectionRowHandler,
    ListCollectorsHandler,
    ListLoanContactsHandler,
    GetLoanDelinquencyHandler,
    BureauRuns,
    GenerateBureauFileHandler,
    ListBureauRunsHandler,
    GetBureauRunHandler,
    GetBureauRunFileHandler,
    GetBureauRunReportHandler,
  ],
  exports: [BusinessDayClose, ChannelContacts, OverdueBook, CollectionConduct],
})
export class CollectionsModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly registry: PlatformRegistry,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly closeOfBusiness: CloseOfBusiness,
    private readonly reminders: CollectionReminders,
  ) {}

  onModuleInit(): void {
    this.registry.addProjection(collectionWorkProjection);
    this.registry.addProjection(collectionRemindersProjection);
    this.registry.addJob(ageLoansJob(this.closeOfBusiness));
    this.registry.addJob(nightlyCloseOfBusinessJob(this.closeOfBusiness, this.queue));
    this.registry.addJob(sendReminderJob(this.reminders));
    this.registry.addJob(sweepRemindersJob(this.reminders));
  }

  /** The nightly close of business and the reminders' sweep are scheduled. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await scheduleNightlyCloseOfBusiness(this.queue, this.config.businessDate.timeZone);
    } catch (error) {
      new Logger('CollectionsModule').warn(
        `Could not schedule the nightly close of business (${(error as Error).message}); run it with npm run cli -- close-of-business.`,
      );
    }
    try {
      await scheduleReminderSweep(this.queue, this.config.outboxSweep.everyMs);
    } catch (error) {
      new Logger('CollectionsModule').warn(
        `Could not schedule the collection reminders' sweep (${(error as Error).message}); reminders whose job was lost wait until it runs.`,
      );
    }
  }
}
