import { OriginationProfilePersonalData } from './application/profile-personal-data.js';
import { ProfilePersonalData } from './public/profile-personal-data.port.js';
import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { RUNTIME, type Runtime } from '../platform/runtime.js';
import { ListDocumentsHandler, ReadDocumentHandler } from './application/document.queries.js';
import { GetProfileSectionsHandler } from './application/get-profile-sections.handler.js';
import { SaveProfileSectionHandler } from './application/save-profile-section.handler.js';
import { FinishQuickStartHandler } from './application/finish-quick-start.handler.js';
import { QuickStartGate, SaveQuickStartStepHandler, StartQuickStartHandler } from './application/quick-start.commands.js';
import { PublicQuickStartController } from './http/public-quick-start.controller.js';
import { QuickStartLeadsRepository } from './leads/quick-start-leads.repository.js';
import { UploadDocumentHandler } from './application/upload-document.handler.js';
import { ReadCustomerDocumentHandler } from './application/read-customer-document.handler.js';
import { ReviewProfileSectionHandler } from './application/review-profile-section.handler.js';
import { SectionsCustomerProfiles } from './customers/sections-customer-profiles.js';
import { AdminCustomerProfilesController } from './http/admin-customer-profiles.controller.js';
import { CustomerProfiles } from './public/customer-profiles.port.js';
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
import { BorrowerDocuments } from './public/borrower-documents.port.js';
import { BankAccounts } from './public/bank-accounts.port.js';
import { SectionsBankAccounts } from './profiles/sections-bank-accounts.js';
import { ProfileCompleteness } from './public/profile-completeness.port.js';
import {
  GetConsentsHandler,
  GetGivableConsentsHandler,
  GiveConsentHandler,
  WithdrawConsentHandler,
} from './application/consents.handlers.js';
import { BorrowerConsentsRepository } from './consents/borrower-consents.repository.js';
import { MyConsentsController } from './http/my-consents.controller.js';
import { ConsentRecords } from './public/consent-records.port.js';

const commandHandlers = [
  SaveProfileSectionHandler,
  UploadDocumentHandler,
  CreateLeadHandler,
  UpdateLeadHandler,
  MoveLeadStatusHandler,
  AddLeadNoteHandler,
  StartQuickStartHandler,
  SaveQuickStartStepHandler,
  FinishQuickStartHandler,
  ReviewProfileSectionHandler,
  WithdrawConsentHandler,
  GiveConsentHandler,
];
const queryHandlers = [
  GetProfileSectionsHandler,
  ListDocumentsHandler,
  ReadDocumentHandler,
  ListLeadsHandler,
  GetLeadHandler,
  LeadStatusCountsHandler,
  ListLeadAgentsHandler,
  ReadCustomerDocumentHandler,
  GetConsentsHandler,
  GetGivableConsentsHandler,
];
const controllers = [
  MyProfileSectionsController,
  MyDocumentsController,
  AdminLeadsController,
  AgentLeadsController,
  PublicQuickStartController,
  AdminCustomerProfilesController,
  MyConsentsController,
];

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
    QuickStartLeadsRepository,
    BorrowerConsentsRepository,
    QuickStartGate,
    LeadStaff,
    { provide: ACCOUNT_NUMBER_BOX, inject: [RUNTIME], useFactory: (runtime: Runtime) => new AccountNumberBox(runtime.config.jwtSecret) },
    { provide: ProfileCompleteness, useClass: SectionsProfileCompleteness },
    { provide: BorrowerDocuments, useExisting: CustomerDocumentsRepository },
    { provide: CustomerProfiles, useClass: SectionsCustomerProfiles },
    { provide: BankAccounts, useClass: SectionsBankAccounts },
    { provide: ConsentRecords, useExisting: BorrowerConsentsRepository },
    { provide: ProfilePersonalData, useClass: OriginationProfilePersonalData },
  ],
  exports: [ProfileCompleteness, BorrowerDocuments, CustomerProfiles, BankAccounts, ConsentRecords, ProfilePersonalData],
})
export class OriginationModule {}
