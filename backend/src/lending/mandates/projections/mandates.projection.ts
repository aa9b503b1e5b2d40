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
   * Set-based over runs of consecutive presentations and acceptances (close of business appends, per loan, a
   * presentation and the provider's acceptance of it, a page of loans at a time; before, a page of presentations and
   * then a page of acceptances): a run is one UPDATE (earlier attempts no longer latest), one multi-row INSERT of the
   * new presentations (each already with its acceptance when that is in the run) and one UPDATE … FROM unnest for the
   * acceptances of presentations recorded before the run; the other events one statement each. Runs keep the log's
   * order, so a replay writes what one event at a time would.
   */
  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    for (let start = 0; start < events.length;) {
      let end = start + 1;
      if (PRESENTED_OR_SUBMITTED.has(events[start]!.type))
        while (end < events.length && PRESENTED_OR_SUBMITTED.has(events[end]!.type)) end += 1;
      const run = events.slice(start, end);
      start = end;
      if (PRESENTED_OR_SUBMITTED.has(run[0]!.type)) await presentedAndSubmitted(db, run);
      else for (const event of run) await presentationChange(db, event);
    }
  },
};

const PRESENTED_OR_SUBMITTED = new Set(['InstalmentPresented', 'PresentationSubmitted']);

/**
 * A run of InstalmentPresented and PresentationSubmitted, in the log's order. Earlier attempts of the instalments
 * presented are no longer latest (those recorded before the run by an UPDATE, those in the run as they are built);
 * each new presentation is inserted as the run leaves it (submitted, when its acceptance is in the run); the other
 * acceptances update their rows. A row already there (the run applied again) moves only forward: its status and
 * position change only when the run's are later than its own.
 */
async function presentedAndSubmitted(db: Kysely<any>, run: readonly RecordedEvent[]): Promise<void> {
  const presented = run.filter((event) => event.type === 'InstalmentPresented');
  const rows = new Map<string, Record<string, unknown>>();
  const later: { id: string; at: string; position: number }[] = [];
  for (const event of run) {
    const d = event.data as Data;
    if (event.type === 'PresentationSubmitted') {
      const row = rows.get(d.presentationId);
      if (row) Object.assign(row, { status: 'submitted', updated_at: d.at, last_position: event.position });
      else later.push({ id: d.presentationId, at: d.at, position: event.position });
      continue;
    }
    const loanId = loanOf(event);
    for (const earlier of rows.values())
      if (earlier.loan_id === loanId && earlier.instalment_number === d.instalmentNumber && (earlier.attempt as number) < d.attempt)
        earlier.latest = false;
    rows.set(d.presentationId, {
      id: d.presentationId,
      loan_id: loanId,
      mandate_id: d.mandateId,
      instalment_number: d.instalmentNumber,
      attempt: d.attempt,
      amount: d.amount,
      due_date: d.dueDate,
      presented_on: d.presentedOn,
      status: 'presented',
      latest: true,
      created_at: d.at,
      updated_at: d.at,
      last_position: event.position,
    });
  }
  // A first attempt has no earlier one to mark: only re-presentations look for rows to update.
  const again = presented.filter((event) => (event.data as Data).attempt > 1);
  if (again.length > 0) {
    const data = again.map((event) => event.data as Data);
    await sql`
      UPDATE mandate_presentations AS p SET latest = false
        FROM unnest(${again.map(loanOf)}::uuid[], ${data.map((d) => d.instalmentNumber)}::int[], ${data.map((d) => d.attempt)}::int[])
          AS n(loan_id, instalment_number, attempt)
       WHERE p.loan_id = n.loan_id AND p.instalment_number = n.instalment_number AND p.attempt < n.attempt AND p.latest`.execute(db);
  }
  if (presented.length > 0)
    await db
      .insertInto('mandate_presentations')
      .values([...rows.values()])
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({
            status: eb.ref('excluded.status'),
            updated_at: eb.ref('excluded.updated_at'),
            last_position: eb.ref('excluded.last_position'),
          }))
          .where(sql<boolean>`mandate_presentations.last_position < excluded.last_position`),
      )
      .execute();
  if (later.length > 0)
    await sql`
      UPDATE mandate_presentations AS p SET status = 'submitted', updated_at = s.at, last_position = s.position
        FROM unnest(${later.map((s) => s.id)}::text[], ${later.map((s) => s.at)}::timestamptz[], ${later.map((s) => s.position)}::bigint[])
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
