import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { RUNTIME, type Runtime } from '../platform/runtime.js';
import { ListDocumentsHandler, ReadDocumentHandler } from './application/document.queries.js';
import { GetProfileSectionsHandler } from './application/get-profile-sections.handler.js';
import { SaveProfileSectionHandler } from './application/save-profile-section.handler.js';
import { UploadDocumentHandler } from './application/upload-document.handler.js';
import { AddLeadNoteHandler, CreateLeadHandler, MoveLeadStatusHandler, UpdateLeadHandler } from './application/lead.commands.js';
import { LeadStaff } from './application/lead-names.js';
import { GetLeadHandler, LeadStatusCountsHandler, ListLeadAgentsHandler, ListLeadsHandler } from './application/lead.queries.js';
import { AdminLeadsController } from './http/admin-leads.controller.js';
import { AgentLeadsController } from './http/agent-leads.controller.js';
import { LeadsRepository } from './leads/leads.repository.js';
import { MyDocumentsController } from './http/my-documents.controller.js';
import { MyProfileSectionsController } from './http/my-profile-sections.controller.js';
import { ACCOUNT_NUMBER_BOX, AccountNumberBox } from './profiles/account-number-box.js';
import { CustomerDocumentsRepository } from './profiles/customer-documents.repository.js';
import { ProfileSectionsRepository } from './profiles/profile-sections.repository.js';
import { SectionsProfileCompleteness } from './profiles/sections-profile-completeness.js';
import { ProfileCompleteness } from './public/profile-completeness.port.js';

const commandHandlers = [SaveProfileSectionHandler, UploadDocumentHandler, CreateLeadHandler, UpdateLeadHandler, MoveLeadStatusHandler, AddLeadNoteHandler];
const queryHandlers = [GetProfileSectionsHandler, ListDocumentsHandler, ReadDocumentHandler, ListLeadsHandler, GetLeadHandler, LeadStatusCountsHandler, ListLeadAgentsHandler];
const controllers = [MyProfileSectionsController, MyDocumentsController, AdminLeadsController, AgentLeadsController];

/**
 * Origination (DESIGN §2): profile sections and uploads, customers, leads and quick start. Plain tables, every
 * change audited beside them. Lending asks it through ProfileCompleteness whether a borrower may submit.
 */
@Module({
  imports: [IdentityModule],
  controllers,
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    ProfileSectionsRepository,
    CustomerDocumentsRepository,
    LeadsRepository,
    LeadStaff,
    { provide: ACCOUNT_NUMBER_BOX, inject: [RUNTIME], useFactory: (runtime: Runtime) => new AccountNumberBox(runtime.config.jwtSecret) },
    { provide: ProfileCompleteness, useClass: SectionsProfileCompleteness },
  ],
  exports: [ProfileCompleteness],
})
export class OriginationModule {}
