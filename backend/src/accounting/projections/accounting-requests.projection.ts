import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { Projection } from '../../platform/projections/projection.js';
import { MANUAL_ENTRY_EVENT_TYPES, type ManualEntryEvent } from '../domain/manual-entry.js';
import { PERIOD_EVENT_TYPES, type PeriodEvent } from '../domain/periods.js';

/**
 * Manual journal entries and period close requests as staff see them (issue 31 items 3 and 4): one row per entry
 * (`manual_journal_entries`) and per close request (`accounting_period_closes`), with who proposed and who decided.
 * The books themselves are the accounting projection's; each row here is written only by its own stream's events.
 */
export const accountingRequestsProjection: Projection = {
  name: 'accounting-requests',
  eventTypes: [...MANUAL_ENTRY_EVENT_TYPES, ...PERIOD_EVENT_TYPES],
  tables: ['manual_journal_entries', 'accounting_period_closes'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as ManualEntryEvent | PeriodEvent;
      switch (event.type) {
        case 'ManualJournalEntryProposed': {
          const { entryId, date, narration, lines, by, at } = event.data;
          await db
            .insertInto('manual_journal_entries')
            .values({
              id: entryId,
              entry_date: date,
              narration,
              lines: JSON.stringify(lines),
              amount: lines.reduce((sum, l) => sum + l.debit, 0),
              status: 'proposed',
              proposed_by: by,
              proposed_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'ManualJournalEntryApproved':
        case 'ManualJournalEntryRejected':
          await db
            .updateTable('manual_journal_entries')
            .set({
              status: event.type === 'ManualJournalEntryApproved' ? 'approved' : 'rejected',
              decided_by: event.data.by,
              decided_at: event.data.at,
              reason: event.type === 'ManualJournalEntryRejected' ? event.data.reason : null,
            })
            .where('id', '=', event.data.entryId)
            .execute();
          break;
        case 'AccountingPeriodCloseRequested':
          await db
            .insertInto('accounting_period_closes')
            .values({
              id: event.data.requestId,
              through: event.data.through,
              status: 'requested',
              requested_by: event.data.by,
              requested_at: event.data.at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'AccountingPeriodClosed':
        case 'AccountingPeriodCloseRejected':
          await db
            .updateTable('accounting_period_closes')
            .set({
              status: event.type === 'AccountingPeriodClosed' ? 'closed' : 'rejected',
              decided_by: event.data.by,
              decided_at: event.data.at,
              reason: event.type === 'AccountingPeriodCloseRejected' ? event.data.reason : null,
            })
            .where('id', '=', event.data.requestId)
            .execute();
          break;
      }
    }
  },
};
