import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { BorrowerDirectory } from '../identity/public/index.js';
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
 * borrower directory.
 */
@Module({
  imports: [IdentityModule, CommunicationsModule],
})
export class BorrowerMessagingModule implements OnModuleInit {
  constructor(
    private readonly registry: PlatformRegistry,
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly emails: TemplatedEmails,
    private readonly directory: BorrowerDirectory,
    private readonly pushes: PushOutbox,
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
  }
}
