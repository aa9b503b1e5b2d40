import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DB } from '../database/database.js';
import { PlatformRegistry } from '../registry.js';
import { RUNTIME, type Runtime } from '../runtime.js';
import type { Projection } from './projection.js';
import { rebuildProjections } from './rebuild.js';

/**
 * Rebuilds every read model when a migration said one is owed (table `projection_rebuilds_pending`, migration 0041),
 * then clears the reasons it saw. Answers the reasons it acted on (none: nothing done). Two processes starting at once
 * may both rebuild; their swaps wait for each other's lock and both give the same rows.
 */
export async function runPendingRebuilds(
  db: Kysely<any>,
  projections: readonly Projection[],
  log: (line: string) => void,
): Promise<string[]> {
  const pending = await sql<{ reason: string }>`SELECT reason FROM projection_rebuilds_pending ORDER BY requested_at`.execute(db);
  const reasons = pending.rows.map((r) => r.reason);
  if (reasons.length === 0) return [];
  log(`Rebuilding the read models from the event log (${reasons.join('; ')})`);
  const report = await rebuildProjections(db, projections);
  await sql`DELETE FROM projection_rebuilds_pending WHERE reason = ANY(${reasons})`.execute(db);
  log(`Rebuilt ${report.tables.length} read models from ${report.events} events (${report.milliseconds} ms)`);
  return reasons;
}

/** At start-up (API, worker and CLI alike), before the process serves anything: the rebuild a migration asked for. */
@Injectable()
export class PendingRebuilds implements OnApplicationBootstrap {
  constructor(
    @Inject(DB) private readonly db: Kysely<any>,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly registry: PlatformRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await runPendingRebuilds(this.db, this.registry.projections, this.runtime.log);
  }
}
