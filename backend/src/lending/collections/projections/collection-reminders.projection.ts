import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Projection } from '../../../platform/projections/projection.js';
import { REMINDER_EVENT_TYPES, type ReminderEvent } from '../domain/reminder.events.js';

/**
 * What became of each collection reminder (`collection_reminder_outcomes`): sent, when and with which email, or
 * skipped as paid. Keyed by (loan, instalment, offset) and written once, so applying an event twice changes nothing.
 */
export const collectionRemindersProjection: Projection = {
  name: 'collection-reminders',
  eventTypes: REMINDER_EVENT_TYPES,
  tables: ['collection_reminder_outcomes'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await db
      .insertInto('collection_reminder_outcomes')
      .values(
        events.map((event) => {
          const reminder = { type: event.type, data: event.data } as ReminderEvent;
          const { data } = reminder;
          return {
            loan_id: event.streamId.slice('loan-'.length),
            instalment_number: data.instalmentNumber,
            offset_days: data.offsetDays,
            kind: data.kind,
            due_on: data.dueOn,
            outcome: reminder.type === 'CollectionReminderSent' ? 'sent' : 'skipped-paid',
            at: sql`${data.at}::timestamptz`,
            email_id: reminder.type === 'CollectionReminderSent' ? reminder.data.emailId : null,
            version: event.version,
          };
        }),
      )
      .onConflict((oc) => oc.columns(['loan_id', 'instalment_number', 'offset_days']).doNothing())
      .execute();
  },
};
