import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Projection } from '../../../platform/projections/projection.js';

type Data = Record<string, any>;

const loanOf = (event: RecordedEvent) => event.streamId.slice('loan-'.length);

const MANDATE_EVENT_TYPES = [
  'MandateRegistrationStarted',
  'MandateRegistered',
  'MandateRegistrationFailed',
  'MandatePauseRequested',
  'MandatePaused',
  'MandateResumed',
  'MandateCancelled',
] as const;

/**
 * One row per mandate with its lifecycle (pending -> active | failed; active <-> paused; -> cancelled): the console's
 * mandates list, the loan page's panel, the portal's view, and the loan of a mandate id (webhooks). An event changes
 * a row only when it is newer than the row (`last_position`), so applying one twice changes nothing.
 */
export const mandatesProjection: Projection = {
  name: 'mandates',
  eventTypes: MANDATE_EVENT_TYPES,
  tables: ['mandates'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const data = event.data as Data;
      if (event.type === 'MandateRegistrationStarted') {
        await db
          .insertInto('mandates')
          .values({
            id: data.mandateId,
            loan_id: loanOf(event),
            kind: data.kind,
            status: 'pending',
            max_amount: data.maxAmount,
            frequency: data.frequency,
            valid_from: data.validFrom,
            valid_until: data.validUntil,
            provider: data.provider,
            started_by: data.by,
            started_at: data.at,
            updated_at: data.at,
            last_position: event.position,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        continue;
      }
      await db
        .updateTable('mandates')
        .set({ ...mandateChange(event.type, data), updated_at: data.at, last_position: event.position })
        .where('id', '=', data.mandateId)
        .where('last_position', '<', event.position)
        .execute();
    }
  },
};

function mandateChange(type: string, data: Data): Record<string, unknown> {
  switch (type) {
    case 'MandateRegistered':
      return { status: 'active', provider_reference: data.providerReference, active_from: data.activeFrom };
    case 'MandateRegistrationFailed':
      return { status: 'failed', failure_reason: data.reason };
    case 'MandatePauseRequested':
      return { pause_requested_by: data.by, pause_reason: data.reason };
    case 'MandatePaused':
      return { status: 'paused', pause_requested_by: null };
    case 'MandateResumed':
      return { status: 'active', pause_reason: null };
    case 'MandateCancelled':
      return { status: 'cancelled', cancel_cause: data.cause, pause_requested_by: null };
    default:
      throw new Error(`${type} is not a mandate event`);
  }
}

const PRESENTATION_EVENT_TYPES = [
  'InstalmentPresented',
  'PresentationSubmitted',
  'PresentationSucceeded',
  'PresentationBounced',
  'BounceChargeApplied',
] as const;

/**
 * One row per presentation (an instalment and attempt): the console's presentations by date and status, the bounce
 * queue (the latest bounced presentation of each instalment), the loan page and the portal. `latest` turns false
 * when a later attempt of the same instalment is presented.
 */
export const mandatePresentationsProjection: Projection = {
  name: 'mandate-presentations',
  eventTypes: PRESENTATION_EVENT_TYPES,
  tables: ['mandate_presentations'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const data = event.data as Data;
      const loanId = loanOf(event);
      const newer = (change: Record<string, unknown>) =>
        db
          .updateTable('mandate_presentations')
          .set({ ...change, updated_at: data.at, last_position: event.position })
          .where('id', '=', data.presentationId)
          .where('last_position', '<', event.position)
          .execute();
      switch (event.type) {
        case 'InstalmentPresented':
          await db
            .updateTable('mandate_presentations')
            .set({ latest: false })
            .where('loan_id', '=', loanId)
            .where('instalment_number', '=', data.instalmentNumber)
            .where('attempt', '<', data.attempt)
            .execute();
          await db
            .insertInto('mandate_presentations')
            .values({
              id: data.presentationId,
              loan_id: loanId,
              mandate_id: data.mandateId,
              instalment_number: data.instalmentNumber,
              attempt: data.attempt,
              amount: data.amount,
              due_date: data.dueDate,
              presented_on: data.presentedOn,
              status: 'presented',
              created_at: data.at,
              updated_at: data.at,
              last_position: event.position,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        case 'PresentationSubmitted':
          await newer({ status: 'submitted' });
          break;
        case 'PresentationSucceeded':
          await newer({ status: 'succeeded', payment_id: data.paymentId, provider_reference: data.providerReference });
          break;
        case 'PresentationBounced':
          await newer({
            status: 'bounced',
            reason_code: data.reasonCode,
            reason: data.reason,
            next_attempt_on: data.nextAttemptOn ?? null,
          });
          break;
        case 'BounceChargeApplied':
          await newer({ bounce_charge: data.amount });
          break;
        default:
          throw new Error(`${event.type} is not a presentation event`);
      }
    }
  },
};

/** Instalments handed to manual collection instead of being presented, with the reason (the bounce queue shows them). */
export const mandateManualCollectionsProjection: Projection = {
  name: 'mandate-manual-collections',
  eventTypes: ['InstalmentSentToManualCollection'],
  tables: ['mandate_manual_collections'],
  module: import.meta.url,

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const data = event.data as Data;
      await db
        .insertInto('mandate_manual_collections')
        .values({
          loan_id: loanOf(event),
          instalment_number: data.instalmentNumber,
          attempt: data.attempt,
          mandate_id: data.mandateId,
          code: data.code,
          detail: data.detail,
          on_date: data.on,
          last_position: event.position,
        })
        .onConflict((oc) => oc.columns(['loan_id', 'instalment_number', 'attempt']).doNothing())
        .execute();
    }
  },
};
