import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/**
 * With BENCH_CPU_PROFILE=<folder>: a V8 CPU profile of this process over a measured stretch, written as
 * `<folder>/<name>.cpuprofile` (open it in Chromium's DevTools, or sum its self times by file). Without it: nothing.
 */
export async function startCpuProfile(): Promise<{ stop(name: string, log: (line: string) => void): Promise<void> } | undefined> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (!folder) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name, log) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(folder, { recursive: true });
      const file = path.join(folder, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      log(`  CPU profile written to ${file}`);
    },
  };
}
