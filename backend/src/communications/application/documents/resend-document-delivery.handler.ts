import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { DB, type Db } from '../../../platform/database/database.js';
import { QUEUE_BACKEND, type QueueBackend } from '../../../platform/queue/queue-backend.js';
import { DocumentDeliveryNotFound, DocumentDeliveryNotResendable, resendRefusal } from '../../domain/document-delivery.js';
import { RetryEmailCommand } from '../emails/retry-email.handler.js';
import { enqueueDocumentsSms } from './document-deliveries.js';
import { readDocumentDeliveries, type DocumentDeliveryView } from './list-document-deliveries.handler.js';

export class ResendDocumentDeliveryCommand {
  constructor(readonly deliveryId: string) {}
}

/**
 * Staff send a failed delivery of the documents sent on signing again (issue 33 item 2): a failed email is retried as
 * the email log retries it (a fresh set of attempts); a failed SMS goes back to `queued` with a new job. Anything
 * else is refused with why (`resendRefusal`), and nothing changes.
 */
@CommandHandler(ResendDocumentDeliveryCommand)
export class ResendDocumentDeliveryHandler implements ICommandHandler<ResendDocumentDeliveryCommand> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(QUEUE_BACKEND) private readonly queue: QueueBackend,
    private readonly commands: CommandBus,
  ) {}

  async execute({ deliveryId }: ResendDocumentDeliveryCommand): Promise<DocumentDeliveryView> {
    const [delivery] = await readDocumentDeliveries(this.db, { id: deliveryId });
    if (!delivery) throw new DocumentDeliveryNotFound(deliveryId);
    const why = resendRefusal(delivery);
    if (why !== null) throw new DocumentDeliveryNotResendable(deliveryId, delivery.status, why);
    if (delivery.channel === 'email') {
      await this.commands.execute(new RetryEmailCommand(delivery.emailId!));
    } else {
      // The status check and the change are one statement, so two staff clicking at once queue it once.
      const row = await this.db
        .updateTable('document_deliveries')
        .set({ status: 'queued', updated_at: sql<Date>`now()` })
        .where('id', '=', deliveryId)
        .where('status', '=', 'failed')
        .returning('attempts')
        .executeTakeFirst();
      if (!row) throw new DocumentDeliveryNotResendable(deliveryId, 'queued', 'Someone has just sent it again.');
      await enqueueDocumentsSms(this.queue, deliveryId, { attempts: row.attempts });
    }
    const [after] = await readDocumentDeliveries(this.db, { id: deliveryId });
    return after!;
  }
}
