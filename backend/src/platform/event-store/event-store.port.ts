import type { Kysely } from 'kysely';

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

/** Runs inside the append transaction, so read models commit or roll back with the events. */
export type InlineProjector = (trx: Kysely<any>, events: RecordedEvent[]) => Promise<void>;

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
  /** What a repeat of this command returns, stored with the events under the idempotency key. */
  buildResult?: (events: RecordedEvent[]) => Record<string, unknown>;
};

export type AppendResult = {
  streamId: string;
  events: RecordedEvent[];
  nextExpectedVersion: number;
  lastPosition: number;
  result?: Record<string, unknown>;
};

export type StoredCommandResult = { streamId: string; commandType: string; requestFingerprint: string; result: Record<string, unknown> };

export interface EventStore {
  append(streamId: string, streamType: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(streamId: string, options?: { until?: Date }): Promise<RecordedEvent[]>;
  /** The global log after `after`, oldest first, never returning an event while an older transaction may still commit before it. */
  readAll(after: Checkpoint, limit: number): Promise<RecordedEvent[]>;
  findCommandResult(idempotencyKey: string): Promise<StoredCommandResult | undefined>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
