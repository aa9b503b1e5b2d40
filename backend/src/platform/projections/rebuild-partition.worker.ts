import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../database/database.js';
import type { Projection } from './projection.js';
import { replayPartition, type PartitionPlan } from './replay-partition.js';

/**
 * A worker thread of rebuildProjections: loads the projections from their modules (by name among each module's
 * exports), opens a connection of its own and replays one partition of the log, reporting progress and the result
 * to the thread that started it.
 */
type Data = { databaseUrl: string; plan: PartitionPlan; projections: { name: string; module: string }[] };

async function load(wanted: Data['projections']): Promise<Projection[]> {
  const found: Projection[] = [];
  for (const { name, module } of wanted) {
    const exports = Object.values((await import(module)) as Record<string, unknown>);
    const projection = exports.find(
      (value): value is Projection =>
        typeof value === 'object' && value !== null && (value as Projection).name === name && 'applyBatch' in value,
    );
    if (!projection) throw new Error(`${module} exports no projection named ${name}`);
    found.push(projection);
  }
  return found;
}

async function run(data: Data): Promise<void> {
  const db = createDb(data.databaseUrl, 1);
  try {
    const projections = await load(data.projections);
    let reported = 0;
    const done = await replayPartition(db, projections, data.plan, (events) => {
      if (events - reported >= 50_000) parentPort!.postMessage({ progress: (reported = events) });
    });
    parentPort!.postMessage({ progress: done.events });
    parentPort!.postMessage({ done });
  } finally {
    await db.destroy();
  }
}

run(workerData as Data).catch((error: unknown) =>
  parentPort!.postMessage({ failed: error instanceof Error ? error.message : String(error) }),
);
