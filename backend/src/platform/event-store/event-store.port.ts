import type { Kysely } from 'kysely';
import type { ConcurrencyError } from './event-store.errors.js';

export type EventActor = { id: string; role: string };

export type EventMetadata = {
  actor?: EventActor;
  correlationId?: string;
  causationId?: string;
  commandId?: string;
  idempotencyKey?: string;
  [key: string]: unknown;
};

export type NewEvent = { type: string; data: Record<string, unknown> };

export type RecordedEvent = {
  position: number;
  streamId: string;
  streamType: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recordedAt: Date;
  /** The writing transaction (xid8 as text): with `position` it orders the global log gap-safely. */
  transactionId: string;
};

/** Where a reader of the global log stands: the last (transaction, position) pair it has handled. */
export type Checkpoint = { transactionId: string; position: number };
export const START_OF_LOG: Checkpoint = { transactionId: '0', position: 0 };

/**
 * A read-model row that an inline projection would write for the appended events, built by the writer from the
 * state it loaded before deciding (the projection's own pure function, so it is the row a replay would give). The
 * store upserts it on `key` in the append's own statement, and does not run `projection` for these events.
 */
export type ProjectedRow = {
  /** The inline projection whose work this row does (Projection.name). */
  projection: string;
  table: string;
  /** The conflict target: the table's primary key column. */
  key: string;
  row: Record<string, unknown>;
  /** A column of `row` that the store sets to the global position of the last appended event. */
  positionColumn?: string;
  /**
   * 'upsert' (the default): insert `row`, or overwrite the columns it names where `key` is taken. 'update': set the
   * columns `row` names on the row whose `key` matches, and write nothing when there is none (as a projection that
   * only changes a row it has).
   */
  mode?: 'upsert' | 'update';
};

/** An event about to be appended, with the stream version it will take: what a projection may pre-build rows from. */
export type PendingEvent = { streamId: string; version: number; type: string; data: Record<string, unknown> };

/**
 * The inline projections: read models that commit or roll back with the events. `project` runs inside the append
 * transaction for every projection that no pre-built row covers; `hasWork` tells the store beforehand whether there
 * is any, so that an append with nothing left to run needs no transaction around it (one statement in Postgres).
 */
export interface InlineProjector {
  /**
   * The rows of the projections (other than those in `prebuilt`) that can say what they would write for these
   * events from the events alone, without reading their tables (`covered` names them, `rows` is what they write,
   * possibly nothing): the store writes the rows in the append's own statement and runs none of them.
   */
  prebuild?(events: readonly PendingEvent[], prebuilt: ReadonlySet<string>): { rows: ProjectedRow[]; covered: string[] };
  hasWork(eventTypes: readonly string[], prebuilt: ReadonlySet<string>): boolean;
  /**
   * In the append's transaction, before its events are inserted: what a projection among those left to run must do
   * first (Projection.beforeAppend), so that the transactions' places in the log follow the order it projects them in.
   */
  beforeAppend?(trx: Kysely<any>, eventTypes: readonly string[], prebuilt: ReadonlySet<string>): Promise<void>;
  project(trx: Kysely<any>, events: RecordedEvent[], prebuilt: ReadonlySet<string>): Promise<void>;
}

export const NO_INLINE_PROJECTIONS: InlineProjector = { hasWork: () => false, project: async () => undefined };

export type AppendOptions = {
  /** Number of events the writer saw in the stream; 0 creates the stream. */
  expectedVersion: number;
  metadata?: EventMetadata;
  /** A repeat with the same key appends nothing and returns the first result. */
  idempotencyKey?: string;
  /** What the keyed command was, so a key reused for another command can be told apart from a repeat. */
  commandType?: string;
  /** A digest of what the keyed command asked for: the same key with different input is refused, not replayed. */
  requestFingerprint?: string;
  /**
   * What a repeat of this command returns, stored with the events under the idempotency key in the same statement;
   * the position of the command's last event is stored beside it (StoredCommandResult.lastPosition).
   */
  result?: Record<string, unknown>;
  /** Rows of inline projections built by the writer; see ProjectedRow. */
  projectedRows?: readonly ProjectedRow[];
};

export type AppendResult = {
  streamId: string;
  events: RecordedEvent[];
  nextExpectedVersion: number;
  lastPosition: number;
};

export type StoredCommandResult = {
  streamId: string;
  commandType: string;
  requestFingerprint: string;
  result: Record<string, unknown>;
  /** Global position of the command's last event; undefined for results stored before it was recorded. */
  lastPosition?: number;
};

/** One stream's part of appendBatch: what `append` takes, for one stream. */
export type StreamAppend = { streamId: string; streamType: string; events: NewEvent[]; options: AppendOptions };

/** Where an appendBatch spent its time, added to by the store: the statements and their commit, and the inline projections. */
export type AppendBatchTimings = { appendSeconds: number; projectSeconds: number };

export interface EventStore {
  /**
   * Appends when the stream is at `expectedVersion` (else ConcurrencyError, nothing written), with the command's
   * result and the inline read models in the same transaction. Once it has committed, listeners of the log are woken.
   */
  append(streamId: string, streamType: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Appends to several distinct streams at once, all in one transaction (one commit): per stream what `append` would
   * do, its expected version checked on its own stream. One answer per append, in order: its result, or the
   * ConcurrencyError of a stream found elsewhere (nothing of that append written, the others go in). Should another
   * writer take a version or key meanwhile, each append is retried alone and gets its own outcome.
   */
  appendBatch(appends: readonly StreamAppend[], timings?: AppendBatchTimings): Promise<(AppendResult | ConcurrencyError)[]>;
  readStream(streamId: string, options?: { until?: Date }): Promise<RecordedEvent[]>;
  /** The global log after `after`, oldest first, never returning an event while an older transaction may still commit before it. */
  readAll(after: Checkpoint, limit: number): Promise<RecordedEvent[]>;
  findCommandResult(idempotencyKey: string): Promise<StoredCommandResult | undefined>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
