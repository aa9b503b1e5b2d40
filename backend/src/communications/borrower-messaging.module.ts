import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { BorrowerDirectory } from '../identity/public/index.js';
import { LendingModule } from '../lending/lending.module.js';
import { SignedDocuments } from '../lending/public/index.js';
import { QUEUE_BACKEND, type QueueBackend } from '../platform/queue/queue-backend.js';
import { ListDocumentDeliveriesHandler } from './application/documents/list-document-deliveries.handler.js';
import { ResendDocumentDeliveryHandler } from './application/documents/resend-document-delivery.handler.js';
import { EmailOutbox } from './application/emails/email-outbox.js';
import { AdminDocumentDeliveriesController } from './http/admin-document-deliveries.controller.js';
import {
  sendDocumentsAwaitingVerifiedEmail,
  sendDocumentsSmsJob,
  signedDocumentsSubscription,
} from './jobs/signed-documents.subscription.js';
import { SMS_SENDER, type SmsSender } from './sms-sender/sms-sender.port.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DB, type Db } from '../platform/database/database.js';
import { PlatformRegistry } from '../platform/registry.js';
import { TemplatedEmails } from './application/emails/templated-emails.js';
import { CommunicationsModule } from './communications.module.js';
import { PushOutbox } from './application/push/push-outbox.js';
import { loanEmailsSubscription } from './jobs/loan-emails.subscription.js';
import { loanPushesSubscription } from './jobs/loan-pushes.subscription.js';
import { emailLoanContactsProjection } from './projections/email-loan-contacts.projection.js';

/**
 * Communications that speak to borrowers about their loans. A module apart from CommunicationsModule, which uses no
 * other context's module (its email delivery runs alone in email-delivery.int-spec.ts): this one needs identity's
 * borrower directory and lending's signed documents (sent on signing, issue 33 item 2).
 */
@Module({
  imports: [IdentityModule, CommunicationsModule, LendingModule],
  controllers: [AdminDocumentDeliveriesController],
  providers: [ListDocumentDeliveriesHandler, ResendDocumentDeliveryHandler],
})
export class BorrowerMessagingModule implements OnModuleInit {
  constructor(
    private readonly registry: PlatformRegistry,
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly emails: TemplatedEmails,
    private readonly directory: BorrowerDirectory,
    private readonly pushes: PushOutbox,
    private readonly outbox: EmailOutbox,
    private readonly documents: SignedDocuments,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  onModuleInit(): void {
    this.registry.addProjection(emailLoanContactsProjection);
    this.registry.addSubscription(
      loanEmailsSubscription({
        db: this.db,
        emails: this.emails,
        directory: this.directory,
        portalUrl: this.config.publicUrl,
        currency: this.config.product.currency,
      }),
    );
    this.registry.addSubscription(
      loanPushesSubscription({
        db: this.db,
        outbox: this.pushes,
        portalUrl: this.config.publicUrl,
        currency: this.config.product.currency,
      }),
    );
    // Issue 33 item 2: the signed agreement and the KFS by email, and an SMS with the download link, on each signing.
    this.registry.addSubscription(
      signedDocumentsSubscription({
        db: this.db,
        outbox: this.outbox,
        documents: this.documents,
        directory: this.directory,
        queue: this.queue,
        portalUrl: this.config.publicUrl,
        lenderName: this.config.lender.name,
      }),
    );
    this.registry.addJob(sendDocumentsSmsJob(this.db, this.sms, this.config.publicUrl));
    // Migration 0060: the documents emails skipped for want of a verified email go once the borrower verifies it.
    this.directory.onEmailVerified(async (verified) => {
      await sendDocumentsAwaitingVerifiedEmail(
        {
          db: this.db,
          directory: this.directory,
          outbox: this.outbox,
          documents: this.documents,
          portalUrl: this.config.publicUrl,
          lenderName: this.config.lender.name,
        },
        verified,
      );
    });
  }
}
