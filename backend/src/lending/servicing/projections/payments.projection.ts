import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Projection } from '../../../platform/projections/projection.js';

const PAYMENT_EVENT_TYPES = [
  'PaymentRecorded',
  'OnlinePaymentCreated',
  'PaymentRejected',
  'OnlinePaymentFailed',
  'PaymentAmountMismatched',
  'RepaymentApplied',
  'PaymentReversalRequested',
  'PaymentReversalRejected',
  'RepaymentReversed',
] as const;

type Data = Record<string, any>;

/**
 * One row per payment, online or offline, with its lifecycle: what the console's Payments list and the borrower's
 * payment page read. Each event touches its payment's row only when it is newer than the row (`last_position`), so
 * applying an event twice changes nothing.
 */
export const paymentsProjection: Projection = {
  name: 'payments',
  eventTypes: PAYMENT_EVENT_TYPES,
  tables: ['payments'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const data = event.data as Data;
      const loanId = event.streamId.slice('loan-'.length);
      const common = { updated_at: data.at, last_position: event.position };
      if (event.type === 'PaymentRecorded' || event.type === 'OnlinePaymentCreated') {
        const online = event.type === 'OnlinePaymentCreated';
        await db
          .insertInto('payments')
          .values({
            id: data.paymentId,
            loan_id: loanId,
            channel: online ? 'online' : 'offline',
            method: online ? (data.method ?? 'online') : data.method,
            amount: data.amount,
            paid_on: online ? null : data.paidOn,
            reference: online ? null : data.reference,
            status: online ? 'created' : 'pending',
            recorded_by: data.actor.id,
            recorded_at: data.at,
            provider: online ? data.provider : null,
            provider_order_id: online ? data.providerOrderId : null,
            ...common,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        continue;
      }
      const change = changeOf(event.type, data);
      await db
        .updateTable('payments')
        .set({ ...change, ...common })
        .where('id', '=', data.paymentId)
        .where('last_position', '<', event.position)
        .execute();
    }
  },
};

function changeOf(type: string, data: Data): Record<string, unknown> {
  switch (type) {
    case 'PaymentRejected':
      return { status: 'rejected', rejected_by: data.actor.id, rejection_reason: data.reason };
    case 'OnlinePaymentFailed':
      return { status: 'failed', provider_reference: data.providerReference };
    case 'PaymentAmountMismatched':
      return { status: 'mismatched', captured_amount: data.capturedAmount, provider_reference: data.providerReference };
    case 'RepaymentApplied':
      return {
        status: 'applied',
        paid_on: data.valueDate,
        verified_by: data.actor.id,
        verified_at: data.at,
        ...(data.providerReference !== undefined && { provider_reference: data.providerReference, captured_amount: data.amount }),
      };
    case 'PaymentReversalRequested':
      return { reversal_requested_by: data.actor.id, reversal_reason: data.reason };
    case 'PaymentReversalRejected':
      return { reversal_requested_by: null, reversal_reason: null };
    case 'RepaymentReversed':
      return { status: 'reversed', reversed_by: data.actor.id, reversed_on: data.valueDate };
    default:
      throw new Error(`${type} is not a payment event`);
  }
}
