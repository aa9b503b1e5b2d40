import { sql, type Kysely } from 'kysely';
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

  /**
   * Set-based over runs of consecutive events of one type (close of business appends a page of presentations, then a
   * page of acceptances): a run of InstalmentPresented is one UPDATE (earlier attempts no longer latest) and one
   * multi-row INSERT, a run of PresentationSubmitted one UPDATE … FROM unnest; the other events one statement each.
   * Runs keep the log's order, so a replay writes what one event at a time would.
   */
  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (let start = 0; start < events.length;) {
      let end = start + 1;
      while (end < events.length && events[end]!.type === events[start]!.type) end += 1;
      const run = events.slice(start, end);
      start = end;
      if (run[0]!.type === 'InstalmentPresented') await presented(db, run);
      else if (run[0]!.type === 'PresentationSubmitted') await submitted(db, run);
      else for (const event of run) await presentationChange(db, event);
    }
  },
};

/** A run of InstalmentPresented: earlier attempts of the same instalments are no longer latest; the new rows inserted. */
async function presented(db: Kysely<any>, run: readonly RecordedEvent[]): Promise<void> {
  const data = run.map((event) => event.data as Data);
  await sql`
    UPDATE mandate_presentations AS p SET latest = false
      FROM unnest(${run.map(loanOf)}::uuid[], ${data.map((d) => d.instalmentNumber)}::int[], ${data.map((d) => d.attempt)}::int[])
        AS n(loan_id, instalment_number, attempt)
     WHERE p.loan_id = n.loan_id AND p.instalment_number = n.instalment_number AND p.attempt < n.attempt AND p.latest`.execute(db);
  await db
    .insertInto('mandate_presentations')
    .values(
      run.map((event, i) => ({
        id: data[i]!.presentationId,
        loan_id: loanOf(event),
        mandate_id: data[i]!.mandateId,
        instalment_number: data[i]!.instalmentNumber,
        attempt: data[i]!.attempt,
        amount: data[i]!.amount,
        due_date: data[i]!.dueDate,
        presented_on: data[i]!.presentedOn,
        status: 'presented',
        created_at: data[i]!.at,
        updated_at: data[i]!.at,
        last_position: event.position,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A run of PresentationSubmitted: each row newer than its event is left alone, as one event at a time would. */
async function submitted(db: Kysely<any>, run: readonly RecordedEvent[]): Promise<void> {
  const data = run.map((event) => event.data as Data);
  await sql`
    UPDATE mandate_presentations AS p SET status = 'submitted', updated_at = s.at, last_position = s.position
      FROM unnest(${data.map((d) => d.presentationId)}::text[], ${data.map((d) => d.at)}::timestamptz[], ${run.map((e) => e.position)}::bigint[])
        AS s(id, at, position)
     WHERE p.id = s.id AND p.last_position < s.position`.execute(db);
}

async function presentationChange(db: Kysely<any>, event: RecordedEvent): Promise<void> {
  const data = event.data as Data;
  const newer = (change: Record<string, unknown>) =>
    db
      .updateTable('mandate_presentations')
      .set({ ...change, updated_at: data.at, last_position: event.position })
      .where('id', '=', data.presentationId)
      .where('last_position', '<', event.position)
      .execute();
  switch (event.type) {
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
