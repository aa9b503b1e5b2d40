#!/usr/bin/env node
// Runs every workspace's tests and prints one summary line for all suites: "N passed, N failed[, N skipped]".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const out = mkdtempSync(path.join(tmpdir(), 'lending-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function run(name, cwd, command, args, env, resultFile, read) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (!existsSync(resultFile)) {
    console.error(`${name}: the test runner wrote no results (exit ${result.status}); counting it as failed.`);
    broken = true;
    totals.failed += 1;
    return;
  }
  const counts = read(JSON.parse(readFileSync(resultFile, 'utf8')));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  // A suite that failed to load has no failed tests but a non-zero exit: count it.
  if (result.status !== 0 && counts.failed === 0) {
    broken = true;
    totals.failed += 1;
  }
}

const jestFile = path.join(out, 'backend.json');
run(
  'backend (jest: unit and integration against PostgreSQL and Redis)',
  path.join(root, 'backend'),
  'node',
  ['--experimental-vm-modules', path.join(root, 'node_modules/jest/bin/jest.js'), '--json', `--outputFile=${jestFile}`],
  {},
  jestFile,
  (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
    skipped: r.numPendingTests + r.numTodoTests,
  }),
);

const parts = [`${totals.passed} passed`, `${totals.failed} failed`];
if (totals.skipped > 0) parts.push(`${totals.skipped} skipped`);
console.log(`\n${parts.join(', ')}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
