import { Logger, Module, type OnModuleInit } from '@nestjs/common';
import { IdentityModule } from '../../identity/identity.module.js';
import { OriginationModule } from '../../origination/origination.module.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { PlatformRegistry } from '../../platform/registry.js';
import { LoanModule } from '../loan/loan.module.js';
import { DevelopmentPennyDrop } from './payouts/development-penny-drop.js';
import { PENNY_DROP } from './payouts/penny-drop.port.js';
import { agreementsProjection } from './projections/agreements.projection.js';
import { AgreementDocumentsRepository } from './agreements/agreement-documents.repository.js';
import { StoredSignedDocuments } from './agreements/stored-signed-documents.js';
import { SignedDocuments } from '../public/signed-documents.port.js';
import { AgreementSignLinksRepository } from './agreements/agreement-sign-links.repository.js';
import { AgreementSignLinkMailer } from './application/agreement-sign-link-mailer.js';
import {
  GetSignLinkDocumentHandler,
  GetSignLinkHandler,
  SendSignLinkCodeHandler,
  SignByLinkHandler,
} from './application/agreement-sign-link.handlers.js';
import { ApproveBankVerificationHandler } from './application/approve-bank-verification.handler.js';
import { CountApplicationFunnelHandler } from './application/count-application-funnel.handler.js';
import { GetAgreementDocumentHandler } from './application/get-agreement-document.handler.js';
import { GetAgreementHandler } from './application/get-agreement.handler.js';
import { GetLoanKfsHandler } from './application/get-loan-kfs.handler.js';
import { IssueAgreementHandler } from './application/issue-agreement.handler.js';
import { ListAgreementsHandler } from './application/list-agreements.handler.js';
import { MoveLoanHandler } from './application/move-loan.handler.js';
import { DisburseLoanHandler } from './application/disburse-loan.handler.js';
import { ApproveCoolingOffExitHandler, GetCoolingOffHandler, RequestCoolingOffExitHandler } from './application/cooling-off.handlers.js';
import { AdminCoolingOffController, MyCoolingOffController } from './http/cooling-off.controllers.js';
import { SendSigningCodeHandler } from './application/send-signing-code.handler.js';
import { SignAgreementHandler } from './application/sign-agreement.handler.js';
import { StartLoanApplicationHandler } from './application/start-loan-application.handler.js';
import { SubmitLoanApplicationHandler } from './application/submit-loan-application.handler.js';
import { AdminAgreementsController } from './http/admin-agreements.controller.js';
import { AdminFunnelController } from './http/admin-funnel.controller.js';
import { AdminLoanPipelineController } from './http/admin-loan-pipeline.controller.js';
import { MyLoanApplicationController } from './http/my-loan-application.controller.js';
import { PublicAgreementsController } from './http/public-agreements.controller.js';

/**
 * The pipeline, from application to disbursal: applying, credit and bank checks, the KFS, the agreement (its PDF,
 * signing in the portal or by link), final approval, the payout; the funnel and the agreements list.
 */
@Module({
  imports: [LoanModule, IdentityModule, OriginationModule],
  controllers: [
    AdminLoanPipelineController,
    MyLoanApplicationController,
    AdminAgreementsController,
    PublicAgreementsController,
    AdminFunnelController,
    MyCoolingOffController,
    AdminCoolingOffController,
  ],
  providers: [
    AgreementDocumentsRepository,
    AgreementSignLinksRepository,
    AgreementSignLinkMailer,
    {
      provide: PENNY_DROP,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new DevelopmentPennyDrop({ enabled: config.pennyDrop.development, failingAccounts: config.pennyDrop.failingAccounts }, (line) =>
          new Logger('PennyDrop').log(line),
        ),
    },
    StartLoanApplicationHandler,
    MoveLoanHandler,
    DisburseLoanHandler,
    RequestCoolingOffExitHandler,
    ApproveCoolingOffExitHandler,
    GetCoolingOffHandler,
    SubmitLoanApplicationHandler,
    IssueAgreementHandler,
    ApproveBankVerificationHandler,
    SignAgreementHandler,
    SendSigningCodeHandler,
    SendSignLinkCodeHandler,
    SignByLinkHandler,
    GetSignLinkHandler,
    GetSignLinkDocumentHandler,
    GetAgreementDocumentHandler,
    GetLoanKfsHandler,
    ListAgreementsHandler,
    GetAgreementHandler,
    CountApplicationFunnelHandler,
    { provide: SignedDocuments, useClass: StoredSignedDocuments },
  ],
  exports: [SignedDocuments],
})
export class PipelineModule implements OnModuleInit {
  constructor(private readonly registry: PlatformRegistry) {}

  onModuleInit(): void {
    this.registry.addProjection(agreementsProjection);
  }
}
