import { DomainError } from '../../platform/errors/domain-error.js';

export type DeliveryStatus = 'queued' | 'sent' | 'failed' | 'skipped';

/** What staff see of one channel of the documents sent on a signing, enough to say whether it may be sent again. */
export type DeliveryFacts = { channel: 'email' | 'sms'; status: DeliveryStatus; emailId: string | null; lastError: string | null };

/**
 * Why a delivery cannot be sent again, or null when it can: only a failed one, and only when there is something to
 * send (a failed email row with no email is one whose documents could not be prepared: sending again would fail the
 * same way). Pure.
 */
export function resendRefusal(delivery: DeliveryFacts): string | null {
  switch (delivery.status) {
    case 'sent':
      return 'It was sent: only a failed delivery can be sent again.';
    case 'queued':
      return 'It is still being sent (or retried): only a failed delivery can be sent again.';
    case 'skipped':
      return `It was skipped, so there is nothing to send again. ${delivery.lastError ?? 'There was no one to send it to.'}`;
    case 'failed':
      return delivery.channel === 'email' && delivery.emailId === null
        ? `The documents could not be prepared, so there is nothing to send again: ${delivery.lastError ?? 'no reason recorded'}`
        : null;
  }
}

export class DocumentDeliveryNotFound extends DomainError {
  readonly code = 'DOCUMENT_DELIVERY.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(deliveryId: string) {
    super(`Document delivery ${deliveryId} does not exist`, { deliveryId });
  }
}

export class DocumentDeliveryNotResendable extends DomainError {
  readonly code = 'DOCUMENT_DELIVERY.NOT_RESENDABLE';
  readonly kind = 'conflict';
  override readonly title = 'This delivery cannot be sent again';
  constructor(deliveryId: string, status: DeliveryStatus, why: string) {
    super(why, { deliveryId, currentStatus: status });
  }
}
