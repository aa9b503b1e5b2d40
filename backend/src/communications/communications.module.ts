import { LoggedMessagePersonalData } from './application/message-personal-data.js';
import { MessagePersonalData } from './public/message-personal-data.port.js';
import { Inject, Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DB, type Db } from '../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../platform/queue/queue-backend.js';
import { PlatformRegistry } from '../platform/registry.js';
import { RUNTIME, type Runtime } from '../platform/runtime.js';
import {
  DEFAULT_EMAIL_DELIVERY,
  EMAIL_DELIVERY,
  EMAIL_QUEUE,
  SWEEP_EMAILS_JOB,
  type EmailDeliveryOptions,
} from './application/emails/email-delivery.js';
import { EmailOutbox } from './application/emails/email-outbox.js';
import { EMAIL_SECRET_BOX, EmailSecretBox } from './application/emails/email-secret-box.js';
import { EmailSweeper } from './application/emails/email-sweeper.js';
import { GetEmailHandler } from './application/emails/get-email.handler.js';
import { ListEmailsHandler } from './application/emails/list-emails.handler.js';
import { RetryEmailHandler } from './application/emails/retry-email.handler.js';
import { AdminEmailsController } from './http/admin-emails.controller.js';
import { AdminSmsController } from './http/admin-sms.controller.js';
import { ListSmsHandler } from './application/channels/list-sms.handler.js';
import { EMAIL_SENDER, type EmailSender } from './email-sender/email-sender.port.js';
import { LogEmailSender } from './email-sender/log-email-sender.js';
import { SmtpEmailSender } from './email-sender/smtp-email-sender.js';
import { sendEmailJob } from './jobs/send-email.job.js';
import { RecordingSmsSender } from './sms-sender/recording-sms-sender.js';
import { SMS_SENDER, type SmsSender } from './sms-sender/sms-sender.port.js';
import { sweepEmailsJob } from './jobs/sweep-emails.job.js';
import { EmailTemplatesRepository } from './application/emails/email-templates.repository.js';
import {
  GetEmailTemplateHandler,
  ListEmailTemplatesHandler,
  ListEmailTemplateVersionsHandler,
  PreviewEmailTemplateHandler,
} from './application/emails/email-template.queries.js';
import { CreateEmailTemplateHandler, UpdateEmailTemplateHandler } from './application/emails/save-email-template.handler.js';
import { TemplatedEmails } from './application/emails/templated-emails.js';
import { AdminEmailTemplatesController } from './http/admin-email-templates.controller.js';
import { DeletePushTokenHandler } from './application/push/delete-push-token.handler.js';
import { ListPushesHandler } from './application/push/list-pushes.handler.js';
import { PushOutbox } from './application/push/push-outbox.js';
import { RefreshPushTokenHandler } from './application/push/refresh-push-token.handler.js';
import { RegisterPushTokenHandler } from './application/push/register-push-token.handler.js';
import { AdminPushesController } from './http/admin-pushes.controller.js';
import { MyPushTokensController } from './http/my-push-tokens.controller.js';
import { sendPushJob } from './jobs/send-push.job.js';
import { FirebasePushSender } from './push-sender/firebase-push-sender.js';
import { PUSH_SENDER, type PushSender } from './push-sender/push-sender.port.js';
import { RecordingPushSender } from './push-sender/recording-push-sender.js';

const templateHandlers = [
  ListEmailTemplatesHandler,
  GetEmailTemplateHandler,
  ListEmailTemplateVersionsHandler,
  PreviewEmailTemplateHandler,
  CreateEmailTemplateHandler,
  UpdateEmailTemplateHandler,
];

const pushHandlers = [RegisterPushTokenHandler, RefreshPushTokenHandler, DeletePushTokenHandler, ListPushesHandler];

/**
 * Email through the worker: EmailOutbox records and enqueues, the `email` queue's processor sends through the email
 * sender port (SMTP, or printed when SMTP_URL is unset), a scheduled sweep re-enqueues rows whose job never reached the queue, and staff
 * read the log at /api/admin/emails. Email templates (one active per event, seeded from the shipped defaults at start)
 * render what TemplatedEmails sends. Content imports this module and injects TemplatedEmails; identity and lending,
 * below communications, get their own message ports, implemented in message-ports.module.ts. Push notifications:
 * borrowers register devices at /api/me/push-tokens, PushOutbox addresses a push
 * to each device, the `push` queue's job sends it through the push sender port (FCM, or recorded), staff read /api/admin/pushes.
 */
@Module({
  controllers: [AdminEmailsController, AdminEmailTemplatesController, AdminSmsController, MyPushTokensController, AdminPushesController],
  providers: [
    {
      // EMAIL_SWEEP_INTERVAL_MS and EMAIL_STALE_AFTER_MS: how soon a row whose job never reached the queue is handed over.
      provide: EMAIL_DELIVERY,
      inject: [RUNTIME],
      useFactory: ({ config }: Runtime): EmailDeliveryOptions => ({
        ...DEFAULT_EMAIL_DELIVERY,
        sweepEveryMs: config.outboxSweep.everyMs,
        staleAfterMs: config.outboxSweep.staleAfterMs,
      }),
    },
    // Seals reset tokens and other email secrets with a key derived from JWT_SECRET (see email-secret-box.ts).
    { provide: EMAIL_SECRET_BOX, useFactory: (runtime: Runtime) => new EmailSecretBox(runtime.config.jwtSecret), inject: [RUNTIME] },
    {
      // SMTP when SMTP_URL is set; otherwise printed to the log (with the working link only outside production).
      provide: EMAIL_SENDER,
      inject: [RUNTIME],
      useFactory: ({ config, log }: Runtime): EmailSender =>
        config.mail.smtpUrl
          ? new SmtpEmailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from })
          : new LogEmailSender(log, { printSecrets: config.env !== 'production' }),
    },
    {
      // No SMS provider adapter yet: every message goes to the sms_log table and is printed (one-time codes only outside production).
      provide: SMS_SENDER,
      inject: [RUNTIME, DB],
      useFactory: ({ config, log }: Runtime, db: Db): SmsSender =>
        new RecordingSmsSender(db, log, { printSecrets: config.env !== 'production' }),
    },
    {
      // FCM through firebase-admin when a service account and project are configured; otherwise recorded, not sent.
      provide: PUSH_SENDER,
      inject: [RUNTIME],
      useFactory: ({ config, log }: Runtime): PushSender =>
        config.push.serviceAccount && config.firebase.projectId
          ? new FirebasePushSender({ projectId: config.firebase.projectId, serviceAccount: config.push.serviceAccount })
          : new RecordingPushSender(log, {
              invalidTokenPrefix: config.push.devInvalidTokenPrefix,
              failingTokenPrefix: config.push.devFailingTokenPrefix,
            }),
    },
    PushOutbox,
    ...pushHandlers,
    EmailOutbox,
    EmailSweeper,
    ListEmailsHandler,
    GetEmailHandler,
    RetryEmailHandler,
    EmailTemplatesRepository,
    TemplatedEmails,
    ...templateHandlers,
    ListSmsHandler,
    { provide: MessagePersonalData, useClass: LoggedMessagePersonalData },
  ],
  exports: [EmailOutbox, TemplatedEmails, SMS_SENDER, PushOutbox, MessagePersonalData],
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
    private readonly templates: EmailTemplatesRepository,
    @Inject(PUSH_SENDER) private readonly pushSender: PushSender,
  ) {}

  onModuleInit(): void {
    this.registry.addJob(sendEmailJob(this.db, this.sender, { box: this.box }));
    this.registry.addJob(sweepEmailsJob(this.sweeper));
    this.registry.addJob(sendPushJob(this.db, this.pushSender));
  }

  /** The sweep's schedule lives in the queue: upserting it from every process leaves one schedule. */
  async onApplicationBootstrap(): Promise<void> {
    await this.templates.seedShipped();
    try {
      await this.queue.schedule(
        EMAIL_QUEUE,
        SWEEP_EMAILS_JOB,
        { every: this.options.sweepEveryMs },
        { name: SWEEP_EMAILS_JOB, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
      );
    } catch (error) {
      new Logger('CommunicationsModule').warn(
        `Could not schedule the email sweep (${(error as Error).message}); queued emails whose job was lost wait until it runs.`,
      );
    }
  }
}
