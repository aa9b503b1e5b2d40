import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module.js';
import { ContentModule } from '../content/content.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { LendingModule } from '../lending/lending.module.js';
import { OriginationModule } from '../origination/origination.module.js';
import { CarryOutErasureHandler } from './application/carry-out-erasure.handler.js';
import { ErasureRequestsRepository } from './application/erasure-requests.repository.js';
import { GetDataExportHandler } from './application/get-data-export.handler.js';
import { GetErasureRequestHandler } from './application/get-erasure-request.handler.js';
import { GetMyErasureRequestsHandler } from './application/get-my-erasure-requests.handler.js';
import { ListErasureRequestsHandler } from './application/list-erasure-requests.handler.js';
import { RequestErasureHandler } from './application/request-erasure.handler.js';
import { RetentionFacts } from './application/retention-facts.js';
import { AdminErasureRequestsController } from './http/admin-erasure-requests.controller.js';
import { MyDataController } from './http/my-data.controller.js';

const commandHandlers = [RequestErasureHandler, CarryOutErasureHandler];
const queryHandlers = [GetDataExportHandler, GetMyErasureRequestsHandler, ListErasureRequestsHandler, GetErasureRequestHandler];
const controllers = [MyDataController, AdminErasureRequestsController];

/**
 * The borrower's data rights under the DPDP Act, 2023 (issue 33 item 5): the data download and erasure requests. The
 * top context: it reads and erases every other context's personal data through that context's public port
 * (AccountPersonalData, ProfilePersonalData, LoanPersonalData, MessagePersonalData, HelpIssuePersonalData), never its tables.
 */
@Module({
  imports: [IdentityModule, OriginationModule, LendingModule, CommunicationsModule, ContentModule],
  controllers,
  providers: [...commandHandlers, ...queryHandlers, ErasureRequestsRepository, RetentionFacts],
})
export class PrivacyModule {}
