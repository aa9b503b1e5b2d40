import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Projection } from '../../../platform/projections/projection.js';
import { COLLECTION_WORK_EVENT_TYPES } from '../domain/collection-work.events.js';

type Data = Record<string, any>;

/**
 * Collections work on a loan: `collection_loans` (its collector, its last contact and promise to pay) and
 * `collection_contacts` (the contact log). A loan's row moves only for an event newer than the row's `version`, and
 * a contact is keyed by its event's version, so applying an event twice changes nothing.
 */
export const collectionWorkProjection: Projection = {
  name: 'collection-work',
  eventTypes: COLLECTION_WORK_EVENT_TYPES,
  tables: ['collection_loans', 'collection_contacts'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const data = event.data as Data;
      const loanId = event.streamId.slice('loan-'.length);
      const change =
        event.type === 'CollectorAssigned'
          ? { assigned_to: data.staffId, assigned_by: data.by, assigned_at: data.at }
          : {
              last_contact_at: data.at,
              last_contact_outcome: data.outcome,
              ...(data.promiseToPayOn !== undefined ? { promise_to_pay_on: data.promiseToPayOn, promise_made_on: data.businessDate } : {}),
            };
      await db
        .insertInto('collection_loans')
        .values({ loan_id: loanId, version: event.version, ...change })
        .onConflict((oc) =>
          oc
            .column('loan_id')
            .doUpdateSet({ ...change, version: event.version })
            .where('collection_loans.version', '<', event.version),
        )
        .execute();
      if (event.type === 'CollectionContactRecorded') {
        await db
          .insertInto('collection_contacts')
          .values({
            loan_id: loanId,
            version: event.version,
            channel: data.channel,
            outcome: data.outcome,
            note: data.note,
            promise_to_pay_on: data.promiseToPayOn ?? null,
            business_date: data.businessDate,
            recorded_by: data.by,
            recorded_at: sql`${data.at}::timestamptz`,
          })
          .onConflict((oc) => oc.columns(['loan_id', 'version']).doNothing())
          .execute();
      }
    }
  },
};
