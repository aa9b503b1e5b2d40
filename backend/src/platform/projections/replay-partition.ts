import { sql, type Kysely } from 'kysely';
import { toRecordedEvent } from '../event-store/postgres-event-store.js';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { relevantEvents, type Projection, type ProjectionRebuild, type ReplayedEvent } from './projection.js';

/** Partition `partition` of `partitions` of the log, replayed into the tables of `schema`, `batchSize` events at a time. */
export type PartitionPlan = { partition: number; partitions: number; schema: string; batchSize: number };
export type PartitionReport = { events: number; batches: number };

/**
 * Replays the streams of one partition of the log (those whose id hashes to it: every event of a stream lands in
 * the same partition, in log order) through the projections, in one transaction on a connection of its own. A
 * projection with `startRebuild` replays through it (held state, bulk writes); the others through `applyBatch`,
 * batch after batch. The log is read through one cursor in log order, by the log's index; the next batch is fetched
 * while the current one is being applied. When every projection's replay is lean, only the columns of ReplayedEvent
 * are read.
 */
export async function replayPartition(
  db: Kysely<any>,
  projections: readonly Projection[],
  plan: PartitionPlan,
  onProgress?: (events: number) => void,
): Promise<PartitionReport> {
  let events = 0;
  let batches = 0;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('search_path', ${`${plan.schema}, public`}, true)`.execute(trx);
    const sessions: { projection: Projection; rebuild: ProjectionRebuild }[] = [];
    for (const projection of projections) {
      sessions.push({
        projection,
        rebuild: projection.startRebuild
          ? await projection.startRebuild(trx)
          : { applyBatch: (d, e) => projection.applyBatch(d, e), finish: async () => undefined },
      });
    }
    const types = [...new Set(projections.flatMap((p) => p.eventTypes))];
    // A lean replay reads only the columns of ReplayedEvent, named and typed so that each row already is one (no
    // metadata or time parsed, no copy made).
    const lean = sessions.every(({ rebuild }) => rebuild.lean === true);
    const columns = lean
      ? sql`global_position::float8 AS "position", stream_id AS "streamId", version, type, data`
      : sql`global_position, stream_id, stream_type, version, type, data, metadata, recorded_at, transaction_id::text`;
    const mine = plan.partitions > 1 ? sql`AND (hashtext(stream_id) & 2147483647) % ${plan.partitions} = ${plan.partition}` : sql``;
    await sql`
      DECLARE projection_rebuild_log NO SCROLL CURSOR FOR
      SELECT ${columns} FROM public.events
      WHERE type = ANY(${types}) ${mine}
      ORDER BY events.transaction_id, events.global_position`.execute(trx);
    const fetch = () => sql<any>`FETCH ${sql.raw(String(plan.batchSize))} FROM projection_rebuild_log`.execute(trx).then((r) => r.rows);
    let pending = fetch();
    for (;;) {
      const rows = await pending;
      if (rows.length === 0) break;
      // Ask for the next batch now: PostgreSQL reads it while this one is applied (the connection queues the
      // projection's own statements behind it). Should applying fail first, that fetch's failure is not unhandled.
      pending = rows.length < plan.batchSize ? Promise.resolve([]) : fetch();
      pending.catch(() => undefined);
      const batch: RecordedEvent[] | ReplayedEvent[] = lean ? rows : rows.map(toRecordedEvent);
      for (const { projection, rebuild } of sessions) {
        // The cursor reads only the projections' types: a single projection gets every row.
        const theirs = sessions.length === 1 ? batch : relevantEvents<RecordedEvent | ReplayedEvent>(projection, batch);
        if (theirs.length > 0) await rebuild.applyBatch(trx, theirs as RecordedEvent[]);
      }
      events += batch.length;
      batches += 1;
      onProgress?.(events);
    }
    for (const { rebuild } of sessions) await rebuild.finish(trx);
  });
  return { events, batches };
}
