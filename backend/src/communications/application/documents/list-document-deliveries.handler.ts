import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { redactSecrets } from '../../domain/email-secrets.js';
import type { EmailStatus } from '../../domain/email.js';
import type { DeliveryStatus } from '../../domain/document-delivery.js';

export class ListDocumentDeliveriesQuery {
  constructor(readonly loanId: string) {}
}

/** An email's status as a delivery reads it: in the queue's hands, delivered (or printed, without SMTP), or failed. */
const EMAIL_DELIVERY_STATUS: Record<EmailStatus, DeliveryStatus> = {
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  logged: 'sent',
  failed: 'failed',
};

const iso = (v: Date | string) => new Date(v).toISOString();

export type DocumentDeliveryView = Awaited<ReturnType<typeof readDocumentDeliveries>>[number];

/**
 * The documents sent on signings of a loan (or one delivery), newest first, one entry per channel: an email entry's
 * status, attempts and last error are its email's (the email log's row), an SMS entry's its own.
 */
export async function readDocumentDeliveries(db: Db, which: { loanId: string } | { id: string }) {
  const rows = await db
    .selectFrom('document_deliveries as d')
    .leftJoin('emails as e', 'e.id', 'd.email_id')
    .select([
      'd.id',
      'd.loan_id',
      'd.event_position',
      'd.documents',
      'd.channel',
      'd.recipient',
      'd.status',
      'd.attempts',
      'd.last_error',
      'd.email_id',
      'd.created_at',
      'd.updated_at',
      'e.status as email_status',
      'e.attempts as email_attempts',
      'e.last_error as email_last_error',
      'e.updated_at as email_updated_at',
    ])
    .where('loanId' in which ? 'd.loan_id' : 'd.id', '=', 'loanId' in which ? which.loanId : which.id)
    .orderBy('d.event_position', 'desc')
    .orderBy('d.channel')
    .execute();
  return rows.map((r) => {
    const email = r.email_status !== null;
    return {
      id: r.id,
      loanId: r.loan_id,
      channel: r.channel,
      documents: r.documents as ('agreement' | 'kfs')[],
      recipient: r.recipient,
      status: email ? EMAIL_DELIVERY_STATUS[r.email_status!] : r.status,
      attempts: email ? r.email_attempts! : r.attempts,
      lastError: email ? redactSecrets(r.email_last_error) : r.last_error,
      emailId: r.email_id,
      createdAt: iso(r.created_at),
      updatedAt: iso(email ? r.email_updated_at! : r.updated_at),
    };
  });
}

@QueryHandler(ListDocumentDeliveriesQuery)
export class ListDocumentDeliveriesHandler implements IQueryHandler<ListDocumentDeliveriesQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ loanId }: ListDocumentDeliveriesQuery) {
    return readDocumentDeliveries(this.db, { loanId });
  }
}
