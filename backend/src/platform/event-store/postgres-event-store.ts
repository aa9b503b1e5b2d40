import { sql, type Kysely } from 'kysely';
import { ConcurrencyError } from './event-store.errors.js';
import type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  EventStore,
  InlineProjector,
  NewEvent,
  RecordedEvent,
  StoredCommandResult,
} from './event-store.port.js';

type EventRow = {
  global_position: string;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date;
  transaction_id: string;
};

const UNIQUE_VIOLATION = '23505';
export const EVENTS_CHANNEL = 'events_appended';

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    position: Number(row.global_position),
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: row.version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    transactionId: String(row.transaction_id),
  };
}

export class PostgresEventStore implements EventStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly inlineProjector: InlineProjector = async () => undefined,
  ) {}

  async append(streamId: string, streamType: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      return await this.db.transaction().execute(async (trx) => {
        const current = await sql<{ version: number }>`
          SELECT coalesce(max(version), 0)::int AS version FROM events WHERE stream_id = ${streamId}`.execute(trx);
        const actual = current.rows[0].version;
        if (actual !== options.expectedVersion) throw new ConcurrencyError(streamId, options.expectedVersion, actual);

        const metadata = { ...(options.metadata ?? {}), ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) };
        const values = events.map(
          (e, i) => sql`(${streamId}, ${streamType}, ${options.expectedVersion + i + 1}, ${e.type}, ${JSON.stringify(e.data)}::jsonb, ${JSON.stringify(metadata)}::jsonb)`,
        );
        const inserted = await sql<EventRow>`
          INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
          VALUES ${sql.join(values)}
          RETURNING global_position, stream_id, stream_type, version, type, data, metadata, recorded_at, transaction_id::text`.execute(trx);
        const recorded = inserted.rows.map(toRecordedEvent);

        await this.inlineProjector(trx, recorded);

        const result = options.buildResult?.(recorded);
        if (options.idempotencyKey) {
          await sql`INSERT INTO command_results (idempotency_key, stream_id, command_type, request_fingerprint, result)
                    VALUES (${options.idempotencyKey}, ${streamId}, ${options.commandType ?? events[0].type}, ${options.requestFingerprint ?? ''},
                            ${JSON.stringify(result ?? {})}::jsonb)`.execute(trx);
        }
        // Delivered on commit: wakes durable subscriptions without waiting for their poll.
        await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${String(recorded[recorded.length - 1].position)})`.execute(trx);

        return {
          streamId,
          events: recorded,
          nextExpectedVersion: options.expectedVersion + events.length,
          lastPosition: recorded[recorded.length - 1].position,
          result,
        };
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        // Either another append took this version, or a concurrent repeat stored the same
        // idempotency key first: both mean another writer won, and the caller re-reads.
        const now = await this.currentVersion(streamId);
        throw new ConcurrencyError(streamId, options.expectedVersion, now);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: { until?: Date } = {}): Promise<RecordedEvent[]> {
    // Clients see times to the millisecond; compare at that precision so "as of <a recordedAt>" includes that event.
    const until = options.until ? sql`AND date_trunc('milliseconds', recorded_at) <= ${options.until}` : sql``;
    const rows = await sql<EventRow>`
      SELECT global_position, stream_id, stream_type, version, type, data, metadata, recorded_at, transaction_id::text
      FROM events WHERE stream_id = ${streamId} ${until} ORDER BY version`.execute(this.db);
    return rows.rows.map(toRecordedEvent);
  }

  async readAll(after: Checkpoint, limit: number): Promise<RecordedEvent[]> {
    // Ordered by (transaction, position) and cut below the oldest running transaction, so an event
    // that takes a lower position but commits later is read after, never skipped. The ORDER BY names the
    // table's xid8 column: the output column of the same name is text, and '100000' sorts before '99999'.
    const rows = await sql<EventRow>`
      SELECT global_position, stream_id, stream_type, version, type, data, metadata, recorded_at, transaction_id::text
      FROM events
      WHERE (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.position}::bigint)
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY events.transaction_id, events.global_position
      LIMIT ${limit}`.execute(this.db);
    return rows.rows.map(toRecordedEvent);
  }

  async findCommandResult(idempotencyKey: string): Promise<StoredCommandResult | undefined> {
    const rows = await sql<{ stream_id: string; command_type: string; request_fingerprint: string; result: Record<string, unknown> }>`
      SELECT stream_id, command_type, request_fingerprint, result FROM command_results WHERE idempotency_key = ${idempotencyKey}`.execute(this.db);
    const row = rows.rows[0];
    return row ? { streamId: row.stream_id, commandType: row.command_type, requestFingerprint: row.request_fingerprint, result: row.result } : undefined;
  }

  private async currentVersion(streamId: string): Promise<number> {
    const r = await sql<{ version: number }>`SELECT coalesce(max(version), 0)::int AS version FROM events WHERE stream_id = ${streamId}`.execute(this.db);
    return r.rows[0].version;
  }
}
