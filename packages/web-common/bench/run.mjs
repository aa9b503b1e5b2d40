#!/usr/bin/env node
// `npm run bench:frontend`: the frontend figures of issue 11 as JSON lines on stdout, one per figure
// ({"name","value","unit","note"}); Playwright's own output goes to stderr. Needs `npm run build` first.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
for (const built of ['backend/dist/main.js', 'admin-console/dist/index.html', 'borrower-portal/dist/index.html']) {
  if (!existsSync(path.join(root, built))) {
    console.error(`${built} is missing: run npm run build first.`);
    process.exit(1);
  }
}
const outDir = mkdtempSync(path.join(tmpdir(), 'bench-frontend-'));
const out = path.join(outDir, 'figures.jsonl');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', path.join(here, 'playwright.config.ts')],
  {
    cwd: here,
    env: { ...process.env, BENCH_OUT: out },
    stdio: ['ignore', process.stderr, process.stderr],
  },
);
if (existsSync(out)) process.stdout.write(readFileSync(out, 'utf8'));
rmSync(outDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
