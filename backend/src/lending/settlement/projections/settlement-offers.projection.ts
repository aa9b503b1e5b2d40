import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Projection } from '../../../platform/projections/projection.js';

const SETTLEMENT_OFFER_EVENT_TYPES = [
  'SettlementOffered',
  'SettlementOfferApproved',
  'SettlementOfferRejected',
  'SettlementOfferWithdrawn',
  'SettlementOfferLapsed',
  'LoanSettled',
  'LoanWrittenOff',
] as const;

type Data = Record<string, any>;

/**
 * One row per settlement offer with its lifecycle (pending -> approved -> settled | lapsed; pending -> rejected | withdrawn): the loan page's list,
 * and how an approval names its loan by the offer id alone. Each event changes a row only when it is newer than the
 * row (`last_position`), so applying an event twice changes nothing.
 */
export const settlementOffersProjection: Projection = {
  name: 'settlement-offers',
  eventTypes: SETTLEMENT_OFFER_EVENT_TYPES,
  tables: ['settlement_offers'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const data = event.data as Data;
      const loanId = event.streamId.slice('loan-'.length);
      const newer = (id: string, change: Record<string, unknown>) =>
        db
          .updateTable('settlement_offers')
          .set({ ...change, last_position: event.position })
          .where('id', '=', id)
          .where('last_position', '<', event.position)
          .execute();
      switch (event.type) {
        case 'SettlementOffered':
          await db
            .insertInto('settlement_offers')
            .values({
              id: data.offerId,
              loan_id: loanId,
              amount: data.amount,
              valid_until: data.validUntil,
              reason: data.reason,
              status: 'pending',
              offered_by: data.by,
              offered_at: data.at,
              last_position: event.position,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'SettlementOfferApproved':
          await newer(data.offerId, { status: 'approved', approved_by: data.by, approved_at: data.at });
          break;
        case 'SettlementOfferRejected':
          await newer(data.offerId, { status: 'rejected', closed_by: data.by, closed_at: data.at, close_reason: data.reason });
          break;
        case 'SettlementOfferWithdrawn':
          await newer(data.offerId, { status: 'withdrawn', closed_by: data.by, closed_at: data.at });
          break;
        case 'SettlementOfferLapsed':
          await newer(data.offerId, { status: 'lapsed' });
          break;
        case 'LoanSettled':
          await newer(data.offerId, {
            status: 'settled',
            amount_paid: data.amountPaid,
            waived: JSON.stringify(data.waived),
            settled_on: data.on,
          });
          break;
        case 'LoanWrittenOff':
          // A write-off ends any offer still open on the loan.
          await db
            .updateTable('settlement_offers')
            .set({ status: 'lapsed', last_position: event.position })
            .where('loan_id', '=', loanId)
            .where('status', 'in', ['pending', 'approved'])
            .where('last_position', '<', event.position)
            .execute();
          break;
        default:
          throw new Error(`${event.type} is not a settlement offer event`);
      }
    }
  },
};
