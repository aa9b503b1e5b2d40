#!/usr/bin/env node
// `npm run bench`: every figure of docs/performance.md as JSON lines on stdout. The backend benchmark (appends, the
// HTTP command path, rebuild, queue pages, servicing, close of business, the books' accrual, auto-debit presentations:
// backend/bench) and then the frontend one (sign-in form, first load, JavaScript per public page: packages/web-common/bench).
// BENCH_ONLY=appends|http|queues|rebuild|servicing|cob|accrual|mandates
// runs one backend part, BENCH_ONLY=frontend only the frontend. Progress goes to stderr. Exits with the first failure's code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.env.BENCH_ONLY?.trim() || undefined;
const parts = ['appends', 'http', 'queues', 'rebuild', 'servicing', 'cob', 'accrual', 'mandates', 'frontend'];
if (only !== undefined && !parts.includes(only)) {
  process.stderr.write(`BENCH_ONLY must be one of ${parts.join(', ')} (or unset), not "${only}".\n`);
  process.exit(2);
}
const npm = (args) => spawnSync('npm', args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] }).status ?? 1;
const quietly = (args) => spawnSync('npm', args, { cwd: root, stdio: ['ignore', process.stderr, process.stderr] }).status ?? 1;

const steps = [];
if (only !== 'frontend')
  steps.push(
    () => quietly(['run', 'bench:build', '--workspace', 'backend']),
    () => npm(['run', '--silent', 'bench:built', '--workspace', 'backend']),
  );
if (only === undefined || only === 'frontend')
  steps.push(
    () => quietly(['run', 'build']),
    () => npm(['run', '--silent', 'bench:frontend']),
  );
for (const step of steps) {
  const code = step();
  if (code !== 0) process.exit(code);
}
