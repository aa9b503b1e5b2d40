import type { Kysely } from 'kysely';
import type { InlineProjector, PendingEvent, ProjectedRow, RecordedEvent } from '../event-store/event-store.port.js';

/**
 * A read model built from the log. It must be a pure function of the events it is given (no clock, no other
 * tables), use unqualified table names (rebuild and verify route them with search_path) and be idempotent:
 * applying an event it has already applied changes nothing.
 */
export interface Projection {
  readonly name: string;
  readonly eventTypes: readonly string[];
  /** Tables this projection owns; rebuild truncates them. */
  readonly tables: readonly string[];
  applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void>;
  /**
   * Optional, for an inline projection whose rows depend on the order of events of different streams (the books: a
   * business day's close against the loans' payments): run in the append's transaction before the events are inserted,
   * when the append holds events of its types. Taking a lock here, not in `applyBatch`, makes a transaction that gets
   * its place in the log first also project first, as a replay of the log does.
   */
  beforeAppend?(db: Kysely<any>, eventTypes: readonly string[]): Promise<void>;
  /**
   * Optional, for an inline projection: the rows `applyBatch` would write for these events (its own, each about to be
   * appended), told from the events alone, or undefined when it must read its tables to know. The store then writes
   * them in the append's own statement (one round trip, no transaction) instead of running `applyBatch`.
   */
  prebuild?(events: readonly PendingEvent[]): ProjectedRow[] | undefined;
  /**
   * Optional: a replay of the whole log into the projection's freshly truncated tables (rebuild and verify), which
   * may hold state between batches instead of reading its rows back, write in bulk, and derive tables at the end
   * (e.g. counts). Its `finish` must leave exactly the rows that `applyBatch` over the same events would.
   */
  startRebuild?(db: Kysely<any>): Promise<ProjectionRebuild>;
  /**
   * Optional: what a rebuild derives once every partition of the log has been replayed (e.g. counts over the rows the
   * partitions wrote), in the rebuild's tables (unqualified names, as everywhere else).
   */
  completeRebuild?(db: Kysely<any>): Promise<void>;
  /**
   * Optional: the URL of the module that exports this projection (its `import.meta.url`), so that a rebuild can load it
   * in a worker thread of its own and replay a partition of the log there. Without it, the rebuild's partitions share
   * the calling thread.
   */
  readonly module?: string;
}

/** What a lean replay reads of each event: no metadata, time or transaction (fewer columns read and parsed). */
export type ReplayedEvent = Pick<RecordedEvent, 'position' | 'streamId' | 'version' | 'type' | 'data'>;

/**
 * One replay of the log (or of one partition of it: the streams whose id hashes to it, see rebuild.ts), batch after
 * batch in log order, then `finish` once (same transaction throughout). Partitions run side by side, each with its own
 * replay, connection and transaction: a replay must touch only the rows of its own streams (no table-wide statement,
 * no lock on a whole table); what spans partitions belongs in the projection's `completeRebuild`. A `lean`
 * replay is given only the fields of ReplayedEvent; when every projection being rebuilt is lean, the log is read
 * with only those columns.
 */
export type ProjectionRebuild = FullProjectionRebuild | LeanProjectionRebuild;

export interface FullProjectionRebuild {
  readonly lean?: false;
  applyBatch(db: Kysely<any>, events: RecordedEvent[]): Promise<void>;
  finish(db: Kysely<any>): Promise<void>;
}

export interface LeanProjectionRebuild {
  readonly lean: true;
  applyBatch(db: Kysely<any>, events: ReplayedEvent[]): Promise<void>;
  finish(db: Kysely<any>): Promise<void>;
}

const typeSets = new WeakMap<Projection, ReadonlySet<string>>();

/** The projection's event types as a set (looked up once per event of every batch). */
export function eventTypeSet(projection: Projection): ReadonlySet<string> {
  let types = typeSets.get(projection);
  if (!types) typeSets.set(projection, (types = new Set(projection.eventTypes)));
  return types;
}

export function relevantEvents<E extends { type: string }>(projection: Projection, events: readonly E[]): E[] {
  const types = eventTypeSet(projection);
  return events.filter((e) => types.has(e.type));
}

export async function applyProjections(db: Kysely<any>, projections: readonly Projection[], events: RecordedEvent[]): Promise<void> {
  for (const projection of projections) {
    const mine = relevantEvents(projection, events);
    if (mine.length > 0) await projection.applyBatch(db, mine);
  }
}

/**
 * The projections run inline by the event store: in the append's transaction, each for the events of its types,
 * except those whose rows the writer sent along pre-built (AppendOptions.projectedRows) or the projection itself could
 * pre-build from the events (`prebuild`: a projection answering `[]` writes nothing). `projections` is read at
 * each append, so projections registered later (PlatformRegistry) take part.
 */
export function inlineProjector(projections: readonly Projection[]): InlineProjector {
  const pending = (prebuilt: ReadonlySet<string>) => projections.filter((p) => !prebuilt.has(p.name));
  return {
    prebuild: (events, prebuilt) => {
      const rows: ProjectedRow[] = [];
      const covered: string[] = [];
      for (const projection of pending(prebuilt)) {
        const mine = relevantEvents(projection, events);
        if (mine.length === 0 || !projection.prebuild) continue;
        const built = projection.prebuild(mine);
        if (!built) continue;
        rows.push(...built.map((row) => ({ ...row, projection: projection.name })));
        covered.push(projection.name);
      }
      return { rows, covered };
    },
    hasWork: (eventTypes, prebuilt) => pending(prebuilt).some((p) => p.eventTypes.some((t) => eventTypes.includes(t))),
    beforeAppend: async (trx, eventTypes, prebuilt) => {
      // Few projections have the hook (the books): checked first, without building the list of those left to run.
      for (const projection of projections)
        if (projection.beforeAppend && !prebuilt.has(projection.name) && projection.eventTypes.some((t) => eventTypes.includes(t)))
          await projection.beforeAppend(trx, eventTypes);
    },
    project: (trx, events, prebuilt) => applyProjections(trx, pending(prebuilt), events),
  };
}
