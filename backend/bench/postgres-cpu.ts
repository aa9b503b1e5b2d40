import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';

const TICKS_PER_SECOND = 100;

/** utime + stime of a process in clock ticks (/proc/<pid>/stat), or undefined once it has gone. */
function cpuTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * The CPU time PostgreSQL spends on this database's connections while something runs: the server processes of the
 * database (pg_stat_activity), sampled every `everyMs` (a connection that closes between two samples loses at most
 * that much). Only for a server on this machine; answers NaN otherwise. Shared background processes (checkpointer,
 * WAL writer) are not counted: on a shared server they work for every database.
 */
export async function samplePostgresCpu(db: Kysely<any>, everyMs = 200): Promise<{ stop(): Promise<number> }> {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let readable = true;
  const sample = async (initial: boolean) => {
    const pids = await sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
    for (const { pid } of pids.rows) {
      const ticks = cpuTicks(pid);
      if (ticks === undefined) {
        if (initial) readable = false;
        continue;
      }
      if (!first.has(pid)) first.set(pid, initial ? ticks : 0);
      last.set(pid, ticks);
    }
  };
  await sample(true);
  let running = Promise.resolve();
  // everyMs 0: read at the start and at stop only (for a stretch too short for any connection to come and go).
  const timer =
    everyMs > 0
      ? setInterval(() => {
          running = running.then(() => sample(false)).catch(() => undefined);
        }, everyMs)
      : undefined;
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await sample(false);
      if (!readable) return Number.NaN;
      let ticks = 0;
      for (const [pid, end] of last) ticks += end - (first.get(pid) ?? 0);
      return ticks / TICKS_PER_SECOND;
    },
  };
}
