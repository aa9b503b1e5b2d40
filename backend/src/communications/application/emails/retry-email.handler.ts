import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { DB, type Db } from '../../../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../../../platform/queue/queue-backend.js';
import { canRetry, EmailNotFound, EmailNotRetryable, EmailSecretGone } from '../../domain/email.js';
import { EMAIL_DELIVERY, enqueueEmailOrLeaveQueued, retryJobId, type EmailDeliveryOptions } from './email-delivery.js';
import { emailView, type EmailView } from './email.view.js';

export class RetryEmailCommand {
  constructor(readonly emailId: string) {}
}

/**
 * Staff retry a failed email: the row goes back to `queued` and a new job (`<id>-retry-<attempts>`) gets a full set
 * of attempts. If the queue cannot take the job now, the row stays queued and the sweeper enqueues that same job.
 * An email whose single-use link has expired (its sealed secret is gone) is refused as unprocessable (`EMAIL.LINK_EXPIRED`) and stays
 * failed: it could only go out with a dead link. The recipient asks for a new one.
 */
@CommandHandler(RetryEmailCommand)
export class RetryEmailHandler implements ICommandHandler<RetryEmailCommand> {
  private readonly logger = new Logger('RetryEmail');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    @Inject(EMAIL_DELIVERY) private readonly options: EmailDeliveryOptions,
  ) {}

  async execute({ emailId }: RetryEmailCommand): Promise<EmailView> {
    // The status check and the change are one statement, so two staff clicking at once queue it once.
    const row = await this.db
      .updateTable('emails')
      .set({ status: 'queued', updated_at: sql<Date>`now()` })
      .where('id', '=', emailId)
      .where('status', '=', 'failed')
      .where((eb) =>
        eb.or([
          eb('has_secrets', '=', false),
          eb.exists(
            eb
              .selectFrom('email_secrets')
              .select('email_id')
              .where('email_id', '=', emailId)
              .where('expires_at', '>', sql<Date>`now()`),
          ),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      const current = await this.db.selectFrom('emails').select(['status', 'has_secrets']).where('id', '=', emailId).executeTakeFirst();
      if (!current) throw new EmailNotFound(emailId);
      if (current.status === 'failed' && current.has_secrets) throw new EmailSecretGone(emailId);
      // It turned failed between the two statements: try the change again.
      if (canRetry(current.status)) return this.execute({ emailId });
      throw new EmailNotRetryable(emailId, current.status);
    }
    try {
      await enqueueEmailOrLeaveQueued(this.queue, this.options, emailId, retryJobId(emailId, row.attempts));
    } catch (error) {
      this.logger.warn(
        `Email ${emailId} is queued again but its job could not be added yet (${(error as Error).message}); the sweeper will add it.`,
      );
    }
    return emailView(row);
  }
}
