import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * Issue 29 item 4: application code takes the time from the CLOCK port (`clock.now()`) and the day from the
 * BUSINESS_DATE port, so a test can fix both; domain code gets it on the command. This fails naming every file and line
 * of a context's application, domain, http, jobs, projections or public folder that reads the machine's clock itself
 * (`new Date()` or `Date.now()`; `new Date(value)` parses a value and is fine). A justified exception says why on its
 * own line, after the marker: `// wall-clock allowed: <reason>`. Platform (logging, metrics, timeouts, the clock itself)
 * and the contexts' adapters and repositories are not application code and are not scanned.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const APPLICATION_FOLDERS = new Set(['application', 'domain', 'http', 'jobs', 'projections', 'public']);
const WALL_CLOCK = /\bnew Date\(\s*\)|\bDate\.now\(\s*\)/;
const ALLOWED = /\/\/ wall-clock allowed: \S/;

/** The lines of `text` that read the wall clock, as `line: text`; comments and allowed lines left out. */
function wallClockReads(text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(
      ({ line }) =>
        !line.startsWith('//') && !line.startsWith('*') && !line.startsWith('/*') && WALL_CLOCK.test(line) && !ALLOWED.test(line),
    )
    .map(({ line, number }) => `${number}: ${line}`);
}

async function applicationFiles(): Promise<string[]> {
  const entries = await readdir(src, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') && !e.name.endsWith('.int-spec.ts'))
    .map((e) => path.relative(src, path.join(e.parentPath, e.name)))
    .filter((file) => {
      const folders = path.dirname(file).split(path.sep);
      return folders[0] !== 'platform' && folders.some((f) => APPLICATION_FOLDERS.has(f));
    })
    .sort();
}

describe('time from the clock', () => {
  it('tells a read of the wall clock from a parse of a value', () => {
    const text = [
      'const at = new Date().toISOString();',
      'const parsed = new Date(row.started_at);',
      'const until = Date.now() + LEASE_MS;',
      '// a comment about new Date() is no read',
      'const started = Date.now(); // wall-clock allowed: a duration for the log line',
      'const ok = new Date( ) > expiry;',
    ].join('\n');
    expect(wallClockReads(text)).toEqual([
      '1: const at = new Date().toISOString();',
      '3: const until = Date.now() + LEASE_MS;',
      '6: const ok = new Date( ) > expiry;',
    ]);
  });

  it('holds in every application folder: no new Date() or Date.now() there', async () => {
    const files = await applicationFiles();
    // The scan reaches the contexts (a moved folder would make it pass on nothing).
    expect(files).toEqual(
      expect.arrayContaining([
        'lending/loan/application/money-commands.ts',
        'identity/application/verify-one-time-code.handler.ts',
        'content/http/public-banners.controller.ts',
      ]),
    );
    const found: string[] = [];
    for (const file of files)
      for (const read of wallClockReads(await readFile(path.join(src, file), 'utf8'))) found.push(`src/${file}:${read}`);
    expect(found).toEqual([]);
  });
});
