import { spawnSync } from 'node:child_process';
import { describe } from '@jest/globals';
import { noRedisReason } from './redis.js';

/**
 * `describe` for tests that need Redis itself (its outage, keys shared by two event logs, the socket adapter across
 * processes): skipped, never passed, when the run has no Redis (or lacks `command`, e.g. a redis-server of the test's
 * own). The reason is in the block's name, so the runner's summary can list it, and on stderr.
 */
export function describeWithRedis(name: string, fn: () => void, options: { command?: string } = {}): void {
  const reason =
    noRedisReason() ?? (options.command && !commandExists(options.command) ? `${options.command} is not installed` : undefined);
  if (!reason) {
    describe(name, fn);
    return;
  }
  process.stderr.write(`Skipping "${name}": it needs Redis itself; ${reason}.\n`);
  describe.skip(`${name} (skipped: ${reason})`, fn);
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;
}
