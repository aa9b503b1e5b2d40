import { CompiledQuery, sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { pgPoolOf } from '../database/database.js';
import { queryPrepared } from '../database/prepared-query.js';
import { Metrics } from '../observability/metrics.js';
import { currentCorrelationId } from '../observability/request-context.js';
import { AppendBatcher, type AppendBatcherLimits } from './append-batcher.js';
import {
  batchStatementText,
  batchStatementValues,
  namedStatement,
  projectedShape,
  projectedWrite,
  quoteIdent,
  recordedAtOf,
  recordedAtUs,
  rowsPerAppend,
  type AppendRow,
  type BatchAppendRow,
  type BatchStatement,
  type PendingAppend,
  type Statement,
} from './append-batch-statement.js';
import { ConcurrencyError } from './event-store.errors.js';
import {
  NO_INLINE_PROJECTIONS,
  type AppendOptions,
  type AppendResult,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
  type InlineProjector,
  type NewEvent,
  type ProjectedRow,
  type RecordedEvent,
  type StoredCommandResult,
  type StreamAppend,
  type AppendBatchTimings,
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
const DEADLOCK_DETECTED = '40P01';
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

export type PostgresEventStoreOptions = {
  /** Told each append's duration in seconds (the event_store_append_duration_seconds histogram). */
  observeAppend?: (seconds: number) => void;
  /**
   * How listeners of `events_appended` are woken. 'after-commit' (the default): once an append has committed, the
   * store sends a NOTIFY (autocommit, on a pooled connection, one at a time), so every committed append is followed
   * by a NOTIFY sent after its commit, one NOTIFY covering the appends committed meanwhile, and a refused or rolled
   * back append wakes no one. Should the process die between a commit and its NOTIFY, listeners find the events at
   * their next poll. 'in-transaction': each append's own statement notifies, delivered by its commit; PostgreSQL
   * holds a database-wide lock on its notify queue from there until the commit is flushed, so it serializes the
   * commits of concurrent writers (no group commit): measured in the benchmark, kept for comparison.
   */
  notify?: 'after-commit' | 'in-transaction';
  /**
   * 'after-commit' only: how long a NOTIFY waits for more commits to cover (default 5 ms), so that under a steady
   * stream of appends listeners are woken a few hundred times a second at most, not once per append.
   */
  notifyDelayMs?: number;
  /**
   * 'after-commit' only: how autocommit appends of concurrent writers are sent together (see AppendBatcher). Default:
   * 2 statements in flight (not counting one out for more than 100 ms), 32 appends per statement. `{ inFlight: Infinity }`
   * sends every append alone.
   */
  batching?: Partial<AppendBatcherLimits>;
};

/**
 * The append as one statement: insert the events if the stream's head is at the expected version, store the
 * command's result, upsert the pre-built read-model rows, and (optionally) notify, each after the events and only if
 * they were inserted. Run on its own it is its own transaction, so a successful append costs one round trip. Two
 * writers at the same version both see the head where they expect it; the unique (stream_id, version) index lets
 * one insert and fails the other's whole statement (23505), so nothing of the loser is written. A statement that
 * finds the head elsewhere inserts and returns nothing; only then is the head read, for the ConcurrencyError.
 */
type AppendStatement = Statement & { values: unknown[] };

export class PostgresEventStore implements EventStore {
  private readonly pool: pg.Pool | undefined;
  private readonly notifyMode: 'after-commit' | 'in-transaction';
  /** Column types of the read-model tables that pre-built rows go to, read once from the catalog. */
  private readonly columnTypes = new Map<string, Promise<Map<string, string>>>();
  /** Append statements by shape (see appendStatement). */
  private readonly statements = new Map<string, { name: string; text: string }>();
  private readonly notifyDelayMs: number;
  private readonly observeAppend?: (seconds: number) => void;
  /** The NOTIFY scheduled or on its way, and whether one is scheduled that has not started yet. */
  private notifying: Promise<void> | undefined;
  private notifyScheduled = false;
  private notifyGeneration = 0;
  private notifyPosition = 0;
  private readonly batcher: AppendBatcher<PendingAppend, AppendRow[]>;
  /** Batch statements by pre-built row shape; an Error marks a shape that is never batched. */
  private readonly batchStatements = new Map<string, BatchStatement | Error>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly inlineProjector: InlineProjector = NO_INLINE_PROJECTIONS,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pool = pgPoolOf(db);
    this.notifyMode = options.notify ?? 'after-commit';
    this.notifyDelayMs = options.notifyDelayMs ?? 5;
    this.observeAppend = options.observeAppend;
    // With NOTIFY in each append's statement there is nothing to gain: PostgreSQL serializes those commits anyway.
    const limits =
      this.notifyMode === 'in-transaction'
        ? { inFlight: Infinity, batch: 1, stalledAfterMs: 0 }
        : { inFlight: 2, batch: 32, stalledAfterMs: 100, ...options.batching };
    this.batcher = new AppendBatcher(
      limits,
      async (a) => this.query<AppendRow>(await this.appendStatement(a)),
      (appends) => this.runBatch(appends),
    );
  }

  async append(streamId: string, streamType: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (!this.observeAppend) return this.appendNow(streamId, streamType, events, options);
    return Metrics.time(this.observeAppend, () => this.appendNow(streamId, streamType, events, options));
  }

  private async appendNow(streamId: string, streamType: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const { append, prebuilt, inTransaction, eventTypes } = this.prepare({ streamId, streamType, events, options });

    let recorded: RecordedEvent[] | Refused;
    try {
      if (!inTransaction) {
        recorded = this.recorded(append, await this.batcher.submit(append));
      } else {
        const statement = await this.appendStatement(append);
        recorded = await this.db.transaction().execute(async (trx) => {
          await this.inlineProjector.beforeAppend?.(trx, eventTypes, prebuilt);
          const rows = await trx.executeQuery<AppendRow>(CompiledQuery.raw(statement.text, statement.values));
          const appended = this.recorded(append, rows.rows);
          if (!(appended instanceof Refused)) await this.inlineProjector.project(trx, appended, prebuilt);
          return appended;
        });
      }
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        // Either another append took this version, or a concurrent repeat stored the same
        // idempotency key first: both mean another writer won, and the caller re-reads.
        const now = await this.currentVersion(streamId);
        throw new ConcurrencyError(streamId, options.expectedVersion, now);
      }
      throw error;
    }

    if (recorded instanceof Refused) {
      throw new ConcurrencyError(streamId, options.expectedVersion, recorded.head ?? (await this.currentVersion(streamId)));
    }
    const lastPosition = recorded[recorded.length - 1].position;
    if (this.notifyMode === 'after-commit') this.wakeListeners(lastPosition);
    return { streamId, events: recorded, nextExpectedVersion: options.expectedVersion + events.length, lastPosition };
  }

  /**
   * An append as the store sends it: its metadata (with the correlation of the request or job that caused it), its
   * JSON, the pre-built rows (the writer's and those the inline projections can tell from the events alone), the
   * projections that are thereby done, and whether any other must run in a transaction around the statement.
   */
  private prepare({ streamId, streamType, events, options }: StreamAppend): Prepared {
    if (events.length === 0) throw new Error('append needs at least one event');
    // The request (or job) that caused these events, unless the writer named a correlation itself.
    const correlationId = options.metadata?.correlationId ?? currentCorrelationId();
    // Object.assign onto a new object, not a literal that begins with a spread (docs/architecture.md, "Objects on the hot paths").
    const metadata: EventMetadata = Object.assign(
      correlationId ? { correlationId } : {},
      options.metadata,
      options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
    );
    const metadataJson = JSON.stringify(metadata);
    const dataJson = events.map((e) => JSON.stringify(e.data));
    const written = options.projectedRows ?? [];
    const prebuilt = new Set(written.map((p) => p.projection));
    // Inline projections that can tell their rows from the events alone have them written in the same statement.
    const pending = events.map((e, i) => ({ streamId, version: options.expectedVersion + i + 1, type: e.type, data: e.data }));
    const own = this.inlineProjector.prebuild?.(pending, prebuilt) ?? { rows: [], covered: [] };
    for (const name of own.covered) prebuilt.add(name);
    const projected = own.rows.length === 0 ? written : [...written, ...own.rows];
    const append: PendingAppend = {
      streamId,
      streamType,
      events,
      dataJson,
      metadataJson,
      options,
      projected,
      idempotencyKey: options.idempotencyKey,
      shape: projectedShape(projected),
    };
    // Only a projection that no pre-built row covers needs a transaction around the statement.
    const eventTypes = events.map((e) => e.type);
    const inTransaction = this.inlineProjector.hasWork(eventTypes, prebuilt);
    return { append, prebuilt, inTransaction, eventTypes };
  }

  async appendBatch(appends: readonly StreamAppend[], timings?: AppendBatchTimings): Promise<(AppendResult | ConcurrencyError)[]> {
    if (appends.length === 0) return [];
    const started = performance.now();
    const prepared = appends.map((a) => this.prepare(a));
    const streams = new Set(appends.map((a) => a.streamId));
    const keys = appends.flatMap((a) => (a.options.idempotencyKey === undefined ? [] : [a.options.idempotencyKey]));
    if (streams.size < appends.length || new Set(keys).size < keys.length)
      throw new Error('appendBatch takes appends to distinct streams with distinct idempotency keys');
    // Appends of one shape (pre-built rows) and the same projections left to run share a statement.
    const groups = new Map<string, number[]>();
    prepared.forEach(({ append, prebuilt }, i) => {
      const group = `${append.shape}#${[...prebuilt].sort().join(',')}`;
      groups.set(group, [...(groups.get(group) ?? []), i]);
    });
    let projecting = 0;
    let outcomes: (RecordedEvent[] | Refused)[];
    try {
      outcomes = await this.db.transaction().execute(async (trx) => {
        const recorded: (RecordedEvent[] | Refused)[] = new Array(appends.length);
        if (this.inlineProjector.beforeAppend)
          for (const members of groups.values()) {
            const { prebuilt, inTransaction } = prepared[members[0]!]!;
            if (inTransaction)
              await this.inlineProjector.beforeAppend(
                trx,
                members.flatMap((i) => prepared[i]!.eventTypes),
                prebuilt,
              );
          }
        for (const members of groups.values()) {
          const rows = await this.appendTogether(
            trx,
            members.map((i) => prepared[i]!.append),
          );
          members.forEach((i, k) => (recorded[i] = this.recorded(prepared[i]!.append, rows[k]!)));
        }
        const projectStarted = performance.now();
        for (const members of groups.values()) {
          const { prebuilt, inTransaction } = prepared[members[0]!]!;
          if (!inTransaction) continue;
          const events = members.flatMap((i) => {
            const r = recorded[i]!;
            return r instanceof Refused ? [] : r;
          });
          if (events.length > 0) await this.inlineProjector.project(trx, events, prebuilt);
        }
        projecting = performance.now() - projectStarted;
        return recorded;
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== UNIQUE_VIOLATION && code !== DEADLOCK_DETECTED) throw error;
      // Another writer took a version or key of the batch first (or their locks crossed): nothing of it was written.
      // Each append alone gets its own outcome.
      return Promise.all(appends.map((a) => this.append(a.streamId, a.streamType, a.events, a.options).catch(concurrencyOnly)));
    } finally {
      if (timings) {
        timings.projectSeconds += projecting / 1000;
        timings.appendSeconds += (performance.now() - started - projecting) / 1000;
      }
    }
    let lastPosition = 0;
    const results = await Promise.all(
      outcomes.map(async (recorded, i): Promise<AppendResult | ConcurrencyError> => {
        const { streamId, options, events } = appends[i]!;
        if (recorded instanceof Refused)
          return new ConcurrencyError(streamId, options.expectedVersion, recorded.head ?? (await this.currentVersion(streamId)));
        const last = recorded[recorded.length - 1]!.position;
        lastPosition = Math.max(lastPosition, last);
        return { streamId, events: recorded, nextExpectedVersion: options.expectedVersion + events.length, lastPosition: last };
      }),
    );
    if (lastPosition > 0 && this.notifyMode === 'after-commit') this.wakeListeners(lastPosition);
    return results;
  }

  /**
   * Appends of one shape to distinct streams, in the caller's transaction: the batch statement (its rows, per append),
   * or each append's own statement for a shape that cannot be batched (an array column in a pre-built row).
   */
  private async appendTogether(trx: Kysely<any>, appends: PendingAppend[]): Promise<AppendRow[][]> {
    const statement = await this.batchStatementOf(appends[0]!);
    if (statement instanceof Error || appends.length === 1) {
      const rows: AppendRow[][] = [];
      for (const append of appends) {
        const single = await this.appendStatement(append);
        rows.push((await trx.executeQuery<AppendRow>(CompiledQuery.raw(single.text, single.values))).rows);
      }
      return rows;
    }
    return this.batchRows(statement, appends, (values) =>
      trx.executeQuery<BatchAppendRow>(CompiledQuery.raw(statement.text, values)).then((r) => r.rows),
    );
  }

  /** Resolves once the NOTIFYs asked for so far have been sent (tests, shutdown). */
  async notified(): Promise<void> {
    while (this.notifying) await this.notifying;
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
    const rows = await sql<{
      stream_id: string;
      command_type: string;
      request_fingerprint: string;
      result: Record<string, unknown>;
      last_position: string | null;
    }>`
      SELECT stream_id, command_type, request_fingerprint, result, last_position FROM command_results WHERE idempotency_key = ${idempotencyKey}`.execute(
      this.db,
    );
    const row = rows.rows[0];
    if (!row) return undefined;
    return {
      streamId: row.stream_id,
      commandType: row.command_type,
      requestFingerprint: row.request_fingerprint,
      result: row.result,
      ...(row.last_position === null ? {} : { lastPosition: Number(row.last_position) }),
    };
  }

  /** The events as appended, or Refused when the statement found the stream elsewhere and wrote nothing. */
  private recorded({ streamId, streamType, events, dataJson, metadataJson }: PendingAppend, rows: AppendRow[]): RecordedEvent[] | Refused {
    if (rows.length !== events.length || rows[0].global_position === null) {
      // The shared statement says where it found the head; the single one returns no row, and the head is read then.
      return new Refused(rows[0]?.head === undefined ? undefined : Number(rows[0].head));
    }
    // The data as a reader gets it back (a JSON round trip), not the caller's objects.
    const metadata = JSON.parse(metadataJson) as EventMetadata;
    return rows.map((row, i) => ({
      position: Number(row.global_position),
      streamId,
      streamType,
      version: row.version!,
      type: events[i].type,
      data: JSON.parse(dataJson[i]) as Record<string, unknown>,
      metadata,
      recordedAt: recordedAtOf(row.recorded_us!),
      transactionId: String(row.transaction_id),
    }));
  }

  private async query<T>(statement: AppendStatement): Promise<T[]> {
    if (this.pool) return queryPrepared<T>(this.pool, statement.name, statement.text, statement.values);
    return (await this.db.executeQuery<T>(CompiledQuery.raw(statement.text, statement.values))).rows;
  }

  /** Several appends to distinct streams, one statement; one AppendRow[] per append. Throws (nothing written) when it fails as a whole. */
  private async runBatch(appends: PendingAppend[]): Promise<AppendRow[][]> {
    const statement = await this.batchStatementOf(appends[0]!);
    if (statement instanceof Error) throw statement;
    const { name, text } = statement;
    return this.batchRows(statement, appends, (values) => this.query<BatchAppendRow>({ name, text, values }));
  }

  /** The batch statement for appends of this one's shape, or the Error that says the shape is never batched. */
  private async batchStatementOf({ shape, projected }: PendingAppend): Promise<BatchStatement | Error> {
    let statement = this.batchStatements.get(shape);
    if (!statement) {
      const types = await Promise.all(projected.map((p) => this.columnTypesOf(p.table)));
      try {
        statement = batchStatementText(projected, types);
      } catch (error) {
        // Kept: a shape that cannot be batched (an array column) is refused at once from then on, and run alone.
        statement = error as Error;
      }
      this.batchStatements.set(shape, statement);
    }
    return statement;
  }

  /** Runs the batch statement over `appends` in stream order and answers their rows in the order given. */
  private async batchRows(
    statement: BatchStatement,
    appends: PendingAppend[],
    run: (values: unknown[]) => Promise<BatchAppendRow[]>,
  ): Promise<AppendRow[][]> {
    // In stream order, so that two statements racing for the same streams take their locks in the same order (no deadlock).
    const order = appends.map((_, i) => i).sort((a, b) => (appends[a].streamId < appends[b].streamId ? -1 : 1));
    const sorted = order.map((i) => appends[i]);
    const rows = rowsPerAppend(sorted.length, await run(batchStatementValues(statement, sorted)));
    const perAppend: AppendRow[][] = new Array(appends.length);
    order.forEach((original, i) => (perAppend[original] = rows[i]));
    return perAppend;
  }

  /**
   * The statement and its values. The text depends only on the append's shape (number of events, a key or not, the
   * pre-built rows' tables and columns), so it is built once per shape and prepared once per connection.
   */
  private async appendStatement(append: PendingAppend): Promise<AppendStatement> {
    const { streamId, streamType, events, dataJson, metadataJson, options, projected } = append;
    const keyed = options.idempotencyKey !== undefined;
    const shape = `${events.length}|${keyed ? 'k' : ''}|${append.shape}`;
    let statement = this.statements.get(shape);
    if (!statement) {
      statement = await this.statementText(events.length, keyed, projected);
      this.statements.set(shape, statement);
    }
    const values: unknown[] = [streamId, streamType, options.expectedVersion, metadataJson];
    for (const [i, e] of events.entries()) values.push(e.type, dataJson[i]);
    if (keyed)
      values.push(
        options.idempotencyKey,
        options.commandType ?? events[0].type,
        options.requestFingerprint ?? '',
        JSON.stringify(options.result ?? {}),
      );
    for (const p of projected) for (const [column, value] of Object.entries(p.row)) if (column !== p.positionColumn) values.push(value);
    return { name: statement.name, text: statement.text, values };
  }

  private async statementText(
    eventCount: number,
    keyed: boolean,
    projected: readonly ProjectedRow[],
  ): Promise<{ name: string; text: string }> {
    let next = 4;
    const param = () => `$${++next}`;
    const rows = Array.from({ length: eventCount }, (_, i) => `(${i + 1}, ${param()}, ${param()})`);
    const insert = `INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
        SELECT $1, $2, $3::int + e.n, e.type, e.data::jsonb, $4::jsonb
        FROM (VALUES ${rows.join(', ')}) AS e(n, type, data)
        WHERE (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $1) = $3::int
        ${eventCount > 1 ? 'ORDER BY e.n' : ''}
        RETURNING global_position, version, ${recordedAtUs('recorded_at')} AS recorded_us, transaction_id::text AS transaction_id`;
    const notify = this.notifyMode === 'in-transaction';
    if (!keyed && projected.length === 0 && !notify) return namedStatement('event_store_append', insert);
    const ctes = [
      `appended AS (${insert})`,
      // One row holding the last position, none when nothing was appended: what every write below hangs from.
      `last AS (SELECT max(global_position) AS position FROM appended HAVING count(*) > 0)`,
    ];
    if (keyed) {
      ctes.push(`result AS (
        INSERT INTO command_results (idempotency_key, stream_id, command_type, request_fingerprint, result, last_position)
        SELECT ${param()}, $1, ${param()}, ${param()}, ${param()}::jsonb, last.position FROM last)`);
    }
    for (const [i, p] of projected.entries()) {
      const types = await this.columnTypesOf(p.table);
      const columns = Object.keys(p.row);
      if (!columns.includes(p.key)) throw new Error(`projected row for ${p.table} has no ${p.key}`);
      const selected = columns.map((column) => {
        const type = types.get(column);
        if (!type) throw new Error(`projected row for ${p.table}: no column ${column}`);
        return column === p.positionColumn ? 'last.position' : `${param()}::${type}`;
      });
      ctes.push(`projected_${i} AS (${projectedWrite(p, selected, 'last')})`);
    }
    // A SELECT in WITH runs only as far as the main query reads it: this one is read below, once.
    if (notify) ctes.push(`notified AS (SELECT pg_notify('${EVENTS_CHANNEL}', position::text) FROM last)`);
    return namedStatement(
      'event_store_append',
      `WITH ${ctes.join(',\n')}
      SELECT global_position, version, recorded_us, transaction_id${notify ? ', (SELECT count(*) FROM notified) AS notified' : ''}
      FROM appended
      ORDER BY version`,
    );
  }

  private columnTypesOf(table: string): Promise<Map<string, string>> {
    let types = this.columnTypes.get(table);
    if (!types) {
      types = sql<{ name: string; type: string }>`
        SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
        WHERE attrelid = to_regclass(${quoteIdent(table)}) AND attnum > 0 AND NOT attisdropped`
        .execute(this.db)
        .then((r) => {
          if (r.rows.length === 0) throw new Error(`projected rows name table ${table}, which does not exist`);
          return new Map(r.rows.map((c) => [c.name, c.type]));
        });
      types.catch(() => this.columnTypes.delete(table));
      this.columnTypes.set(table, types);
    }
    return types;
  }

  /**
   * After a commit: make sure a NOTIFY is sent after it. One is scheduled `notifyDelayMs` later unless one is already
   * scheduled, or sent once the NOTIFY on its way returns. A failure is dropped: subscribers poll as well.
   */
  private wakeListeners(position: number): void {
    this.notifyPosition = Math.max(this.notifyPosition, position);
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    const previous = this.notifying ?? Promise.resolve();
    const generation = ++this.notifyGeneration;
    this.notifying = (async () => {
      await previous;
      await new Promise((resolve) => setTimeout(resolve, this.notifyDelayMs));
      // From here on a commit needs a NOTIFY after this one.
      this.notifyScheduled = false;
      try {
        await this.sendNotify(this.notifyPosition);
      } catch {
        // The listeners' poll delivers what this NOTIFY would have woken them for.
      } finally {
        if (this.notifyGeneration === generation) this.notifying = undefined;
      }
    })();
  }

  private async sendNotify(position: number): Promise<void> {
    // A NOTIFY's transaction takes an XID and writes a commit record; it need not wait for that record's flush (the
    // events it announces are already durable, and a notification is never replayed after a crash anyway), so it
    // commits asynchronously instead of adding a WAL flush to the appends' every few milliseconds.
    const text = `SELECT set_config('synchronous_commit', 'off', true), pg_notify('${EVENTS_CHANNEL}', $1)`;
    if (this.pool) await queryPrepared(this.pool, 'event_store_notify_async', text, [String(position)]);
    else await this.db.executeQuery(CompiledQuery.raw(text, [String(position)]));
  }

  private async currentVersion(streamId: string): Promise<number> {
    const r = await sql<{
      version: number;
    }>`SELECT coalesce(max(version), 0)::int AS version FROM events WHERE stream_id = ${streamId}`.execute(this.db);
    return r.rows[0].version;
  }
}

/** An append as prepared by the store (PostgresEventStore.prepare). */
type Prepared = { append: PendingAppend; prebuilt: Set<string>; inTransaction: boolean; eventTypes: string[] };

/** An append's own outcome when run alone after its batch failed: its result, or its ConcurrencyError. */
function concurrencyOnly(error: unknown): ConcurrencyError {
  if (error instanceof ConcurrencyError) return error;
  throw error;
}

/** An append that found its stream elsewhere and wrote nothing; `head` where the statement saw it, when it says. */
class Refused {
  constructor(readonly head: number | undefined) {}
}
