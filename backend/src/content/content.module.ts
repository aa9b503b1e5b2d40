import { StoredHelpIssuePersonalData } from './application/help-issue-personal-data.js';
import { HelpIssuePersonalData } from './public/help-issue-personal-data.port.js';
import { Inject, Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { QUEUE_BACKEND, type QueueBackend } from '../platform/queue/queue-backend.js';
import { PlatformRegistry } from '../platform/registry.js';
import { CommunicationsModule } from '../communications/communications.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LendingModule } from '../lending/lending.module.js';
import { OriginationModule } from '../origination/origination.module.js';
import { CreateBannerHandler, DeleteBannerHandler, UpdateBannerHandler } from './application/banner.commands.js';
import { CurrentBannersHandler, GetBannerHandler, GetBannerImageHandler, ListBannersHandler } from './application/banner.queries.js';
import { BannersRepository } from './application/banners.repository.js';
import { RaiseIssueHandler, ReplyToIssueHandler, ReplyToMyIssueHandler, UpdateIssueHandler } from './application/help-issue.commands.js';
import {
  GetIssueHandler,
  GetMyIssueHandler,
  ListIssueAssigneesHandler,
  ListIssuesHandler,
  ListMyIssuesHandler,
  ReadIssueAttachmentHandler,
} from './application/help-issue.queries.js';
import {
  EscalateGrievancesHandler,
  escalateGrievancesJob,
  GetGrievanceReportHandler,
  Grievances,
  scheduleGrievanceEscalation,
} from './application/grievances.js';
import { HelpIssueViews } from './application/help-issue.views.js';
import { HelpIssuesRepository } from './application/help-issues.repository.js';
import { CreateStatePageHandler, DeleteStatePageHandler, UpdateStatePageHandler } from './application/state-page.commands.js';
import { GetPublishedStatePageHandler, GetStatePageHandler, ListStatePagesHandler } from './application/state-page.queries.js';
import { StatePagesRepository } from './application/state-pages.repository.js';
import { AdminBannersController } from './http/admin-banners.controller.js';
import { AdminGrievancesController } from './http/admin-grievances.controller.js';
import { AdminIssuesController } from './http/admin-issues.controller.js';
import { AdminStatePagesController } from './http/admin-state-pages.controller.js';
import { MyIssuesController } from './http/my-issues.controller.js';
import { PublicBannersController } from './http/public-banners.controller.js';
import { PublicStatePagesController } from './http/public-state-pages.controller.js';

const commandHandlers = [
  CreateBannerHandler,
  UpdateBannerHandler,
  DeleteBannerHandler,
  RaiseIssueHandler,
  ReplyToMyIssueHandler,
  UpdateIssueHandler,
  ReplyToIssueHandler,
  CreateStatePageHandler,
  UpdateStatePageHandler,
  DeleteStatePageHandler,
  EscalateGrievancesHandler,
];
const queryHandlers = [
  ListBannersHandler,
  GetBannerHandler,
  CurrentBannersHandler,
  GetBannerImageHandler,
  ListMyIssuesHandler,
  GetMyIssueHandler,
  ListIssuesHandler,
  GetIssueHandler,
  ListIssueAssigneesHandler,
  ReadIssueAttachmentHandler,
  ListStatePagesHandler,
  GetStatePageHandler,
  GetPublishedStatePageHandler,
  GetGrievanceReportHandler,
];
const controllers = [
  AdminBannersController,
  PublicBannersController,
  MyIssuesController,
  AdminIssuesController,
  AdminGrievancesController,
  AdminStatePagesController,
  PublicStatePagesController,
];

/** Content staff publish for borrowers and visitors: banners, help issues, state landing pages (DESIGN §2, content/). */
@Module({
  imports: [IdentityModule, CommunicationsModule, OriginationModule, LendingModule],
  controllers,
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    BannersRepository,
    HelpIssuesRepository,
    HelpIssueViews,
    StatePagesRepository,
    Grievances,
    { provide: HelpIssuePersonalData, useClass: StoredHelpIssuePersonalData },
  ],
  exports: [HelpIssuePersonalData],
})
export class ContentModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly registry: PlatformRegistry,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly grievances: Grievances,
  ) {}

  onModuleInit(): void {
    this.registry.addJob(escalateGrievancesJob(this.grievances));
  }

  /** The daily escalation of complaints not resolved within 30 days is scheduled. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await scheduleGrievanceEscalation(this.queue, this.config.businessDate.timeZone);
    } catch (error) {
      new Logger('ContentModule').warn(
        `Could not schedule the daily grievance escalation (${(error as Error).message}); run it with POST /api/admin/grievances/escalate.`,
      );
    }
  }
}
