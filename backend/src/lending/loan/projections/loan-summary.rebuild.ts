import { sql, type Kysely } from 'kysely';
import type { LeanProjectionRebuild, ReplayedEvent } from '../../../platform/projections/projection.js';
import { evolve, initialLoanState, type LoanState } from '../domain/loan.state.js';
import type { LoanEvent } from '../domain/loan.events.js';
import { copyRowsIn } from '../../../platform/database/copy-in.js';
import { LOAN_STATE_COLUMNS, loanStateOf } from './loan-state-row.js';

type LoanRecord = Exclude<LoanState, { status: 'none' }>;
type Row = Record<string, unknown>;
/** The projection's own row builder (`toRow` in loan-summary.projection.ts), so both paths write identical rows. */
export type LoanRowBuilder = (state: LoanRecord, version: number, lastPosition: number, submittedAt: string | null) => Row;
type Held = { state: LoanState; version: number; lastPosition: number; submittedAt: string | null; touched: number };

/**
 * The loan summaries' replay of a whole log (rebuild, verify). The folded state of each loan is held in memory
 * from batch to batch instead of being written and read back after every batch, so a loan's row is written once
 * rather than once per batch that touches it. Memory is bounded: past `maxHeld` loans, the least recently touched
 * fifth is written out (a loan of the log that comes back later is read back from its row, as `applyBatch` would).
 * Rows go out with COPY, 2,000 at a time, without waiting for each other: the next rows are built (`toRow`, the
 * costly part) while PostgreSQL writes the previous ones. It writes into the rebuild's scratch tables (no triggers:
 * each new loan's id goes to loan_id_search with its row, and the queue counts are recounted once every partition is
 * done, loanSummaryProjection.completeRebuild). It replays one partition of the log's streams, and touches only their
 * rows. It is lean: it reads only the events' stream, version, position, type and data.
 */
export class LoanSummaryRebuild implements LeanProjectionRebuild {
  readonly lean = true;
  private readonly held = new Map<string, Held>();
  /** Loans written out before the end, whose rows must be read back if the log brings more of their events. */
  private readonly written = new Set<string>();
  /** Statements sent and not yet awaited (writes), and the first failure among them. */
  private readonly inFlight: Promise<unknown>[] = [];
  private failure: unknown;
  private batches = 0;

  /** Loans held in memory at most (about 1-2 KB each). */
  static maxHeld = 100_000;

  constructor(
    private readonly toRow: LoanRowBuilder,
    private readonly maxHeld = LoanSummaryRebuild.maxHeld,
    private readonly rowsPerStatement = 2_000,
  ) {}

  static start(toRow: LoanRowBuilder): Promise<LoanSummaryRebuild> {
    return Promise.resolve(new LoanSummaryRebuild(toRow));
  }

  async applyBatch(db: Kysely<any>, events: ReplayedEvent[]): Promise<void> {
    const batch = ++this.batches;
    if (this.written.size > 0) await this.readBack(db, events);
    // Events come in log order, so each loan's come in version order: folded one by one, no grouping needed.
    for (const event of events) {
      const id = event.streamId.slice('loan-'.length);
      let folded = this.held.get(id);
      if (folded === undefined) {
        folded = { state: initialLoanState, version: 0, lastPosition: 0, submittedAt: null, touched: batch };
        this.held.set(id, folded);
      }
      folded.touched = batch;
      if (event.version <= folded.version) continue; // already applied: idempotent
      folded.state = evolve(folded.state, { type: event.type, data: event.data } as LoanEvent);
      folded.version = event.version;
      folded.lastPosition = event.position;
      if (event.type === 'LoanApplicationSubmitted') folded.submittedAt = String(event.data.at);
    }
    if (this.held.size > this.maxHeld) {
      // The least recently touched fifth (a stable sort keeps first-held first among equals).
      const byAge = [...this.held].sort((a, b) => a[1].touched - b[1].touched);
      await this.write(
        db,
        byAge.slice(0, Math.ceil(this.maxHeld / 5)).map(([id]) => id),
      );
    }
    if (this.failure !== undefined) throw this.failure;
  }

  async finish(db: Kysely<any>): Promise<void> {
    await this.write(db, [...this.held.keys()]);
    await Promise.all(this.inFlight.splice(0));
    if (this.failure !== undefined) throw this.failure;
  }

  /** Reads back the held state of the batch's loans that were written out earlier. */
  private async readBack(db: Kysely<any>, events: ReplayedEvent[]): Promise<void> {
    const ids = new Set<string>();
    for (const event of events) {
      const id = event.streamId.slice('loan-'.length);
      if (!this.held.has(id) && this.written.has(id)) ids.add(id);
    }
    if (ids.size === 0) return;
    // Their rows may still be on their way: Kysely runs a transaction's statements one at a time, but not always in
    // the order they were asked for.
    await Promise.all(this.inFlight.splice(0));
    if (this.failure !== undefined) throw this.failure;
    const stored = await db
      .selectFrom('loan_summaries')
      .select(['id', 'last_position', ...LOAN_STATE_COLUMNS, 'submitted_at'])
      .where('id', 'in', [...ids])
      .execute();
    for (const s of stored) {
      this.held.set(s.id, {
        state: loanStateOf(s),
        version: s.version,
        lastPosition: Number(s.last_position),
        submittedAt: s.submitted_at ? new Date(s.submitted_at).toISOString() : null,
        touched: this.batches,
      });
    }
  }

  /** Sends the rows of `ids` (taken out of memory), a statement at a time, at most two waiting on PostgreSQL. */
  private async write(db: Kysely<any>, ids: string[]): Promise<void> {
    let rows: Row[] = [];
    let replaced: string[] = [];
    let added: { id: string }[] = [];
    for (const id of ids) {
      const folded = this.held.get(id)!;
      this.held.delete(id);
      if (folded.lastPosition === 0 || folded.state.status === 'none') continue;
      rows.push(this.toRow(folded.state as LoanRecord, folded.version, folded.lastPosition, folded.submittedAt));
      if (this.written.has(id)) replaced.push(id);
      else {
        this.written.add(id);
        added.push({ id });
      }
      if (rows.length === this.rowsPerStatement) {
        await this.send(db, rows, replaced, added);
        rows = [];
        replaced = [];
        added = [];
      }
    }
    await this.send(db, rows, replaced, added);
  }

  /** Sends one statement; waits for the oldest one once two are in flight. A failure is thrown at the next check. */
  private async send(db: Kysely<any>, rows: Row[], replaced: string[], added: { id: string }[]): Promise<void> {
    if (rows.length === 0) return;
    this.inFlight.push(writeRows(db, rows, replaced, added).catch((error: unknown) => void (this.failure ??= error)));
    if (this.inFlight.length > 2) await this.inFlight.shift();
    if (this.failure !== undefined) throw this.failure;
  }
}

/** The columns of loan_summaries, as toRow names them. */
const COLUMNS = [
  'id',
  'borrower_id',
  'type',
  'state',
  'amount',
  'approved_amount',
  'tenure_months',
  'annual_rate_percent',
  'fee',
  'score',
  'document_hash',
  'payout_reference',
  'disbursed_on',
  'created_at',
  'updated_at',
  'submitted_at',
  'last_actor_id',
  'last_actor_role',
  'last_reason',
  'soft_approved_at',
  'soft_approved_by',
  'bank_approved_at',
  'bank_approved_by',
  'consent_approved_at',
  'consent_approved_by',
  'final_approved_at',
  'final_approved_by',
  'version',
  'last_position',
  'loan_state',
  'mandates_state',
  'collections_state',
  'last_move',
  'dpd',
  'classification',
  'overdue_since',
  'next_cob_on',
] as const;

/**
 * Writes the rows with COPY (the table has no secondary index while the rebuild runs): the rows of loans written
 * out earlier and read back since (`replaced`) are deleted first, in the same order on the same connection, which is
 * what an upsert of them would leave (the scratch table has no triggers). The ids of the loans written for the first
 * time (`added`) go to `loan_id_search`, as the live table's insert trigger would add them.
 */
async function writeRows(db: Kysely<any>, rows: Row[], replaced: string[], added: { id: string }[]): Promise<void> {
  if (replaced.length > 0) await sql`DELETE FROM loan_summaries WHERE id = ANY(${replaced}::uuid[])`.execute(db);
  await copyRowsIn(db, 'loan_summaries', COLUMNS, rows);
  await copyRowsIn(db, 'loan_id_search', ['id'], added);
}
