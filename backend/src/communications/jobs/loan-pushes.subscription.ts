import type { Db } from '../../platform/database/database.js';
import { runForEvent } from '../../platform/observability/request-context.js';
import type { Subscription } from '../../platform/subscriptions/subscription.js';
import { PUSH_QUEUE, SEND_PUSH_JOB } from '../application/push/push-delivery.js';
import type { PushOutbox } from '../application/push/push-outbox.js';
import { PUSH_LOAN_EVENTS, pushForLoanEvent } from '../domain/push.js';

export const LOAN_PUSHES_SUBSCRIPTION = 'loan-pushes';

/**
 * Durable subscription: each loan event of domain/push.ts (agreement issued, approved, disbursed, payment received,
 * instalment overdue, closed, rejected) becomes a push to every device the borrower registered before it happened.
 * The borrower comes from communications' own loan contacts (email-loan-contacts projection). Idempotent per event
 * and token: the push's dedupe key is the event's position and the registration's id.
 */
export function loanPushesSubscription(deps: { db: Db; outbox: PushOutbox; portalUrl: string; currency: string }): Subscription {
  return {
    name: LOAN_PUSHES_SUBSCRIPTION,
    eventTypes: PUSH_LOAN_EVENTS,
    produces: [{ queue: PUSH_QUEUE, name: SEND_PUSH_JOB }],
    async handle(events) {
      const loanIds = [...new Set(events.map((e) => String(e.data.loanId)))];
      const contacts = new Map(
        (await deps.db.selectFrom('email_loan_contacts').select(['loan_id', 'borrower_id']).where('loan_id', 'in', loanIds).execute()).map(
          (r) => [r.loan_id, r.borrower_id],
        ),
      );
      for (const event of events) {
        const borrowerId = contacts.get(String(event.data.loanId));
        const message = pushForLoanEvent(event, { currency: deps.currency, portalUrl: deps.portalUrl });
        if (!borrowerId || !message) continue;
        // The push jobs carry the event's correlation id (the request that caused it).
        await runForEvent(event, () =>
          deps.outbox.send({ userId: borrowerId, message, about: `loan-event:${event.position}`, happenedAt: event.recordedAt }),
        );
      }
    },
  };
}
