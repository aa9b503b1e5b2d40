import { sql, type Kysely } from 'kysely';
import { toRecordedEvent } from '../event-store/postgres-event-store.js';
import type { Checkpoint } from '../event-store/event-store.port.js';
import { START_OF_LOG } from '../event-store/event-store.port.js';
import { applyProjections, type Projection } from './projection.js';

export type RebuildReport = { events: number; batches: number; tables: string[]; milliseconds: number };

/**
 * Replays the whole log through the projections into their tables in one transaction. TRUNCATE takes the tables'
 * exclusive lock: until the rebuild commits, queries and loan commands touching them wait (none fail, and an
 * append that was waiting applies on top of the rebuilt rows). Being one transaction, it also holds durable
 * subscriptions back while it runs. Run it in a quiet moment. `schema` sends the rows to scratch copies of the
 * tables instead (verify), which locks nothing live.
 */
export async function rebuildProjections(
  db: Kysely<any>,
  projections: readonly Projection[],
  options: { batchSize?: number; schema?: string; onProgress?: (events: number) => void } = {},
): Promise<RebuildReport> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 2000;
  const tables = projections.flatMap((p) => p.tables);
  let events = 0;
  let batches = 0;
  await db.transaction().execute(async (trx) => {
    if (options.schema) await sql`SELECT set_config('search_path', ${`${options.schema}, public`}, true)`.execute(trx);
    if (tables.length > 0) await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
    const types = [...new Set(projections.flatMap((p) => p.eventTypes))];
    let after: Checkpoint = START_OF_LOG;
    for (;;) {
      const rows = await sql<any>`
        SELECT global_position, stream_id, stream_type, version, type, data, metadata, recorded_at, transaction_id::text
        FROM public.events
        WHERE (transaction_id, global_position) > (${after.transactionId}::xid8, ${after.position}::bigint)
          AND type = ANY(${types})
        ORDER BY events.transaction_id, events.global_position
        LIMIT ${batchSize}`.execute(trx);
      if (rows.rows.length === 0) break;
      const batch = rows.rows.map(toRecordedEvent);
      await applyProjections(trx, projections, batch);
      const last = batch[batch.length - 1];
      after = { transactionId: last.transactionId, position: last.position };
      events += batch.length;
      batches += 1;
      options.onProgress?.(events);
    }
  });
  return { events, batches, tables, milliseconds: Math.round(performance.now() - started) };
}
