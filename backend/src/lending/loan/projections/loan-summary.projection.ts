import type { Kysely } from 'kysely';
import type { ProjectedRow, RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { Projection } from '../../../platform/projections/projection.js';
import { evolve, initialLoanState, type LoanState } from '../domain/loan.state.js';
import { LOAN_EVENT_TYPES, type LoanEvent } from '../domain/loan.events.js';
import { LoanSummaryRebuild } from './loan-summary.rebuild.js';
import { recountLoanQueues } from './loan-queue-counters.js';
import { fillLoanIdSearchIfEmpty } from './loan-id-search.js';
import { collectionTermsOf, nextCloseOfBusinessOn } from '../../collections/domain/next-close-of-business.js';
import { changesOnlyMandates, isRoutineAutoDebitStep } from '../../mandates/domain/mandate.state.js';
import { changesOnlyCollections } from '../../collections/domain/collections.state.js';
import {
  collectionsStateColumn,
  lastMoveColumn,
  LOAN_STATE_COLUMNS,
  loanStateColumns,
  loanStateOf,
  mandatesStateColumn,
  type StoredLoanState,
} from './loan-state-row.js';

type LoanRecord = Exclude<LoanState, { status: 'none' }>;
type Stored = StoredLoanState & { id: string; submitted_at: Date | string | null };

/** One row per loan: the domain state folded by the domain's own `evolve`, flattened for queues and search. */
export const loanSummaryProjection: Projection = {
  name: 'loan-summaries',
  eventTypes: LOAN_EVENT_TYPES,
  tables: ['loan_summaries', 'loan_queue_counts', 'loan_id_search'],

  async applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void> {
    const byLoan = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      const id = event.streamId.slice('loan-'.length);
      byLoan.set(id, [...(byLoan.get(id) ?? []), event]);
    }
    const ids = [...byLoan.keys()];
    const stored = (await db
      .selectFrom('loan_summaries')
      .select(['id', ...LOAN_STATE_COLUMNS, 'submitted_at'])
      .where('id', 'in', ids)
      .execute()) as Stored[];
    const byId = new Map(stored.map((s) => [s.id, s]));
    const rows: ReturnType<typeof toRow>[] = [];
    for (const id of ids) {
      const existing = byId.get(id);
      let state: LoanState = existing ? loanStateOf(existing) : initialLoanState;
      let version = existing?.version ?? 0;
      let submittedAt = existing?.submitted_at ? new Date(existing.submitted_at).toISOString() : null;
      let lastPosition = 0;
      for (const event of byLoan.get(id)!) {
        if (event.version <= version) continue; // already applied: idempotent
        state = evolve(state, { type: event.type, data: event.data } as LoanEvent);
        version = event.version;
        lastPosition = event.position;
        if (event.type === 'LoanApplicationSubmitted') submittedAt = String(event.data.at);
      }
      if (lastPosition === 0 || state.status === 'none') continue;
      rows.push(toRow(state as LoanRecord, version, lastPosition, submittedAt));
    }
    if (rows.length === 0) return;
    await db
      .insertInto('loan_summaries')
      .values(rows)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) =>
          Object.fromEntries(
            Object.keys(rows[0])
              .filter((k) => k !== 'id')
              .map((k) => [k, eb.ref(`excluded.${k}`)]),
          ),
        ),
      )
      .execute();
  },

  startRebuild: () => LoanSummaryRebuild.start(toRow),
  // The queue counts span every partition of a rebuild: counted once, from the rebuilt rows (the rebuild's tables have
  // no triggers); the ids searched are filled from them when the replay did not write them (loan-id-search.ts).
  async completeRebuild(db: Kysely<any>): Promise<void> {
    await recountLoanQueues(db);
    await fillLoanIdSearchIfEmpty(db);
  },
  module: import.meta.url,
};

/** The loan_summaries row of a loan folded to `version`: what applyBatch writes, and what a writer sends pre-built. */
export function toRow(s: LoanRecord, version: number, lastPosition: number, submittedAt: string | null) {
  return {
    id: s.id,
    borrower_id: s.borrowerId,
    type: s.loanType,
    state: s.status,
    amount: s.amount,
    approved_amount: s.approvedAmount ?? null,
    tenure_months: s.tenureMonths,
    annual_rate_percent: s.annualRatePercent,
    fee: s.fee,
    score: s.score ?? null,
    document_hash: s.agreement?.documentHash ?? null,
    payout_reference: s.payoutReference ?? null,
    disbursed_on: s.disbursedOn ?? null,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    submitted_at: submittedAt,
    last_actor_id: s.lastActor.id,
    last_actor_role: s.lastActor.role,
    last_reason: s.lastReason ?? null,
    soft_approved_at: s.passed.soft?.at ?? null,
    soft_approved_by: s.passed.soft?.actor.id ?? null,
    bank_approved_at: s.passed.bank?.at ?? null,
    bank_approved_by: s.passed.bank?.actor.id ?? null,
    consent_approved_at: s.passed.consent?.at ?? null,
    consent_approved_by: s.passed.consent?.actor.id ?? null,
    final_approved_at: s.passed.final?.at ?? null,
    final_approved_by: s.passed.final?.actor.id ?? null,
    version,
    last_position: lastPosition,
    ...loanStateColumns(s),
    ...collectionsRow(s),
  };
}

/** `submitted_at` after these events, folded as applyBatch folds it: the time of the latest LoanApplicationSubmitted. */
export function submittedAtAfter(
  previous: string | null,
  events: readonly { type: string; data: Record<string, unknown> }[],
): string | null {
  let submittedAt = previous;
  for (const event of events) if (event.type === 'LoanApplicationSubmitted') submittedAt = String(event.data.at);
  return submittedAt;
}

/**
 * The loan_summaries row for an append, built by the command's writer from the state it folded (the state after the
 * new events, at `version`): the event store upserts it in the append's own statement instead of running applyBatch,
 * which would read the row back to fold the same events onto it. The store fills in `last_position`. Given the
 * events, and each of them changing only the loan's mandates (`changesOnlyMandates`) or only what close of business
 * records (`changesOnlyCollections`), only the columns those change are updated (that part of the state, the version
 * and the last move, and for close of business the columns built from it): `loan_state` and the other columns are
 * what they were (loan-state-row.ts). When every one is a routine auto-debit step (a presentation, its acceptance, a
 * pre-debit notice), that is the version and the mandates alone: the last move stands too.
 */
export function loanSummaryUpsert(
  state: LoanState,
  version: number,
  submittedAt: string | null,
  events?: readonly { type: string }[],
): ProjectedRow | undefined {
  if (state.status === 'none') return undefined;
  // No literal here begins with a spread: this runs for every command and every loan of a night (docs/architecture.md, "Objects on the hot paths").
  const projected = (row: Record<string, unknown>, mode?: 'update'): ProjectedRow => ({
    projection: loanSummaryProjection.name,
    table: 'loan_summaries',
    key: 'id',
    positionColumn: 'last_position',
    ...(mode && { mode }),
    row,
  });
  const every = (test: (event: { type: string }) => boolean) => events !== undefined && events.length > 0 && events.every(test);
  if (every(isRoutineAutoDebitStep))
    return projected({ id: state.id, version, last_position: 0, mandates_state: mandatesStateColumn(state) }, 'update');
  if (every(changesOnlyMandates))
    return projected(Object.assign(envelopeRow(state, version), { mandates_state: mandatesStateColumn(state) }), 'update');
  if (every(changesOnlyCollections)) return projected(Object.assign(envelopeRow(state, version), collectionsRow(state)), 'update');
  return projected(toRow(state, version, 0, submittedAt));
}

/** The columns of toRow every event changes (the version and the last move), for a row whose other columns stand. */
function envelopeRow(s: LoanRecord, version: number) {
  return {
    id: s.id,
    updated_at: s.updatedAt,
    last_actor_id: s.lastActor.id,
    last_actor_role: s.lastActor.role,
    last_reason: s.lastReason ?? null,
    version,
    last_position: 0,
    last_move: lastMoveColumn(s),
  };
}

/** The columns of toRow built from what close of business recorded (and the next day it has something to record). */
function collectionsRow(s: LoanRecord) {
  return {
    collections_state: collectionsStateColumn(s),
    dpd: s.collections?.dpd ?? 0,
    classification: s.collections?.classification ?? 'standard',
    overdue_since: s.collections?.overdueSince ?? null,
    next_cob_on: nextCloseOfBusinessOn(s, collectionTermsOf(s)),
  };
}
