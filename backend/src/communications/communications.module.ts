import { Inject, Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DB, type Db } from '../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../platform/queue/queue-backend.js';
import { PlatformRegistry } from '../platform/registry.js';
import { RUNTIME, type Runtime } from '../platform/runtime.js';
import { DEFAULT_EMAIL_DELIVERY, EMAIL_DELIVERY, EMAIL_QUEUE, SWEEP_EMAILS_JOB, type EmailDeliveryOptions } from './application/email-delivery.js';
import { EmailOutbox } from './application/email-outbox.js';
import { EMAIL_SECRET_BOX, EmailSecretBox } from './application/email-secret-box.js';
import { EmailSweeper } from './application/email-sweeper.js';
import { GetEmailHandler } from './application/get-email.handler.js';
import { ListEmailsHandler } from './application/list-emails.handler.js';
import { RetryEmailHandler } from './application/retry-email.handler.js';
import { AdminEmailsController } from './http/admin-emails.controller.js';
import { EMAIL_SENDER, type EmailSender } from './email-sender/email-sender.port.js';
import { LogEmailSender } from './email-sender/log-email-sender.js';
import { SmtpEmailSender } from './email-sender/smtp-email-sender.js';
import { sendEmailJob } from './jobs/send-email.job.js';
import { LogSmsSender } from './sms-sender/log-sms-sender.js';
import { SMS_SENDER, type SmsSender } from './sms-sender/sms-sender.port.js';
import { sweepEmailsJob } from './jobs/sweep-emails.job.js';

/**
 * Email through the worker: EmailOutbox records and enqueues, the `email` queue's processor sends through the email
 * sender port (SMTP, or printed when SMTP_URL is unset), a scheduled sweep re-enqueues rows whose job never reached the queue, and staff
 * read the log at /api/admin/emails. Other contexts import this module and inject EmailOutbox, or SMS_SENDER for
 * text messages.
 */
@Module({
  controllers: [AdminEmailsController],
  providers: [
    { provide: EMAIL_DELIVERY, useValue: DEFAULT_EMAIL_DELIVERY },
    // Seals reset tokens and other email secrets with a key derived from JWT_SECRET (see email-secret-box.ts).
    { provide: EMAIL_SECRET_BOX, useFactory: (runtime: Runtime) => new EmailSecretBox(runtime.config.jwtSecret), inject: [RUNTIME] },
    {
      // SMTP when SMTP_URL is set; otherwise printed to the log (with the working link only outside production).
      provide: EMAIL_SENDER,
      inject: [RUNTIME],
      useFactory: ({ config, log }: Runtime): EmailSender =>
        config.mail.smtpUrl ? new SmtpEmailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }) : new LogEmailSender(log, { printSecrets: config.env !== 'production' }),
    },
    {
      // No SMS provider adapter yet: messages are printed and kept in memory (one-time codes only outside production).
      provide: SMS_SENDER,
      inject: [RUNTIME],
      useFactory: ({ config, log }: Runtime): SmsSender => new LogSmsSender(log, { printSecrets: config.env !== 'production' }),
    },
    EmailOutbox,
    EmailSweeper,
    ListEmailsHandler,
    GetEmailHandler,
    RetryEmailHandler,
  ],
  exports: [EmailOutbox, SMS_SENDER],
})
export class CommunicationsModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly registry: PlatformRegistry,
    private readonly sweeper: EmailSweeper,
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(EMAIL_DELIVERY) private readonly options: EmailDeliveryOptions,
    @Inject(EMAIL_SECRET_BOX) private readonly box: EmailSecretBox,
    @Inject(EMAIL_SENDER) private readonly sender: EmailSender,
  ) {}

  onModuleInit(): void {
    this.registry.addJob(sendEmailJob(this.db, this.sender, { box: this.box }));
    this.registry.addJob(sweepEmailsJob(this.sweeper));
  }

  /** The sweep's schedule lives in the queue: upserting it from every process leaves one schedule. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.queue.queue(EMAIL_QUEUE).upsertJobScheduler(
        SWEEP_EMAILS_JOB,
        { every: this.options.sweepEveryMs },
        { name: SWEEP_EMAILS_JOB, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
    } catch (error) {
      new Logger('CommunicationsModule').warn(`Could not schedule the email sweep (${(error as Error).message}); queued emails whose job was lost wait until it runs.`);
    }
  }
}
