#!/usr/bin/env node
// Runs every workspace's tests (backend jest, web-common vitest, admin-console and borrower-portal vitest and Playwright) and prints one summary line for all suites: "N passed, N failed[, N skipped]", after the ten slowest test files of all suites and the reasons for what was skipped.
// PostgreSQL and Redis: see backend/test/support/test-services.ts (docs/testing.md).
import { spawnSync } from 'node:child_process';
import { register } from 'node:module';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const out = mkdtempSync(path.join(tmpdir(), 'lending-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
/** Why tests were skipped (the names of describeWithRedis blocks say it), with how many each. */
const skipReasons = new Map();
/** How long each test file took, [file relative to the repository, seconds], from every suite's results. */
const fileTimes = [];
/** What failed, "file › test: first line of the error", from every suite's results: printed again above the summary line,
 * so the end of a long log says which test to look at. */
const failures = [];

// PostgreSQL and Redis for every suite, found or started once (backend/test/support/test-services.ts, in TypeScript):
// the suites get them through the environment and do not look again.
register('../backend/test/support/ts-hooks.mjs', import.meta.url);
const { resolveTestServices } = await import('../backend/test/support/test-services.ts');
let services;
try {
  services = await resolveTestServices();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
Object.assign(process.env, services.env);
console.log(`Node.js ${process.version}. ${services.summary}`);

function run(name, cwd, command, args, env, resultFile, read, times = jestFileTimes, failed = jestFailures) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (!existsSync(resultFile)) {
    console.error(`${name}: the test runner wrote no results (exit ${result.status}); counting it as failed.`);
    broken = true;
    totals.failed += 1;
    return;
  }
  const results = JSON.parse(readFileSync(resultFile, 'utf8'));
  const counts = read(results);
  fileTimes.push(...times(results, cwd));
  failures.push(...failed(results, cwd));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  for (const [reason, n] of counts.reasons ?? []) skipReasons.set(reason, (skipReasons.get(reason) ?? 0) + n);
  // A suite that failed to load has no failed tests but a non-zero exit: count it.
  if (result.status !== 0 && counts.failed === 0) {
    broken = true;
    totals.failed += 1;
  }
}

// Jest-compatible JSON (vitest's json reporter writes the same counters).
const jestCounts = (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0),
  skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  reasons: pendingReasons(r),
});

/** Jest's and vitest's JSON: each test file's start and end. */
function jestFileTimes(r) {
  return (r.testResults ?? [])
    .filter((file) => file.startTime && file.endTime)
    .map((file) => [path.relative(root, file.name), (file.endTime - file.startTime) / 1000]);
}

/** A reporter's message as trimmed lines, without the colour codes it leaves in them. */
const plain = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- the colour codes a reporter leaves in its messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim());
const firstLine = (text) => plain(text).find(Boolean) ?? '';

/**
 * A failed assertion as jest words it, without the stack: its first line, then what it received against what it
 * expected (a diff), so that the summary says what went wrong, not only where.
 */
function whatFailed(text) {
  const lines = plain(text).filter(Boolean);
  const stack = lines.findIndex((line) => line.startsWith('at '));
  const message = (stack < 0 ? lines : lines.slice(0, stack)).filter((line) => !/^\d+ \||^> \d+ \||^\|/.test(line));
  return message.slice(0, 30).join('\n    ');
}

/** Jest's and vitest's JSON: each failed test, and each file that failed outside its tests (it did not load). */
function jestFailures(r) {
  const found = [];
  for (const file of r.testResults ?? []) {
    const name = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of tests) found.push(`${name} › ${test.fullName ?? test.title}: ${whatFailed(test.failureMessages?.[0])}`);
    if (tests.length === 0 && file.status === 'failed') found.push(`${name}: ${firstLine(file.message)}`);
  }
  return found;
}

/** Playwright's JSON: each test whose outcome was unexpected, and each error outside any test. */
function playwrightFailures(r, cwd) {
  const testDir = path.join(cwd, r.config?.projects?.[0]?.testDir ? path.relative(cwd, r.config.projects[0].testDir) : 'e2e');
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = (test.results ?? []).findLast((r) => r.error || r.errors?.length) ?? {};
        const file = path.relative(root, path.join(testDir, spec.file ?? suite.file));
        found.push(
          `${file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(result.error?.message)}${whereItStood(result)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  for (const error of r.errors ?? []) found.push(`${path.relative(root, cwd)}: ${firstLine(error.message)}`);
  return found;
}

/**
 * Where a failed browser test stood: the line of each step its errors name and what that step was waiting for. A test
 * that runs out of time says only "Test timeout exceeded" first; the step it hung on is in its other errors.
 */
function whereItStood(result) {
  const steps = [];
  for (const error of result.errors ?? []) {
    if (!error.location) continue;
    const lines = plain(error.message);
    const waiting = lines.find((line) => line.startsWith('- waiting for'));
    steps.push(
      `${path.relative(root, error.location.file)}:${error.location.line} ${firstLine(error.message)}${waiting ? ` (${waiting.slice(2)})` : ''}`,
    );
  }
  return steps.length > 0 ? `\n    at ${[...new Set(steps)].join('\n    at ')}` : '';
}

/** Playwright's JSON: the durations of every run of every test of a file (its hooks included), added up. */
function playwrightFileTimes(r, cwd) {
  const testDir = path.join(cwd, r.config?.projects?.[0]?.testDir ? path.relative(cwd, r.config.projects[0].testDir) : 'e2e');
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = path.relative(root, path.join(testDir, spec.file ?? suite.file));
      const ms = (spec.tests ?? []).flatMap((t) => t.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  return [...byFile].map(([file, ms]) => [file, ms / 1000]);
}

/** Skipped jest tests grouped by the reason their describe block names: "... (skipped: <reason>)". */
function pendingReasons(r) {
  const reasons = new Map();
  for (const file of r.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'pending') continue;
      const named = (test.ancestorTitles ?? []).map((t) => /\(skipped: (.+)\)$/.exec(t)?.[1]).find(Boolean);
      const reason = named ? `needs Redis itself; ${named}` : 'no reason given';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  return reasons;
}

const jestFile = path.join(out, 'backend.json');
run(
  'backend (jest: unit and integration against PostgreSQL and Redis)',
  path.join(root, 'backend'),
  'node',
  ['--experimental-vm-modules', path.join(root, 'node_modules/jest/bin/jest.js'), '--json', `--outputFile=${jestFile}`],
  {},
  jestFile,
  jestCounts,
);

// What both frontends share (packages/web-common): HTTP, session, presence, formatting, new builds, shell pieces.
const webCommonFile = path.join(out, 'web-common-unit.json');
run(
  'web-common (vitest: fetch, session, presence, formatting, new builds, loading bar, external URLs)',
  path.join(root, 'packages/web-common'),
  'node',
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${webCommonFile}`],
  {},
  webCommonFile,
  jestCounts,
);

const consoleDir = path.join(root, 'admin-console');
const vitestFile = path.join(out, 'admin-console-unit.json');
run(
  'admin-console (vitest: data provider, auth, components)',
  consoleDir,
  'node',
  [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`],
  {},
  vitestFile,
  jestCounts,
);

// The browser tests drive the built console served by the built backend, as `npm start` runs them.
for (const [built, workspace] of [
  ['backend/dist/main.js', 'backend'],
  ['admin-console/dist/index.html', 'admin-console'],
]) {
  if (!existsSync(path.join(root, built))) {
    console.log(`\n=== building ${workspace} for the browser tests ===`);
    spawnSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
  }
}
const playwrightFile = path.join(out, 'admin-console-e2e.json');
run(
  'admin-console (Playwright: Chromium against the real backend)',
  consoleDir,
  'node',
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test'],
  { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightFile },
  playwrightFile,
  (r) => ({
    passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
    // An error outside any test (global setup could not start the backend) fails the suite.
    failed: (r.stats?.unexpected ?? 0) + (r.errors?.length ?? 0),
    skipped: r.stats?.skipped ?? 0,
  }),
  playwrightFileTimes,
  playwrightFailures,
);

// The borrower portal: vitest for components and session logic, then Playwright against the built backend serving it at /.
const portalDir = path.join(root, 'borrower-portal');
const portalVitestFile = path.join(out, 'borrower-portal-unit.json');
run(
  'borrower-portal (vitest: shell, session, calculator, steps)',
  portalDir,
  'node',
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${portalVitestFile}`,
  ],
  {},
  portalVitestFile,
  jestCounts,
);
if (!existsSync(path.join(root, 'borrower-portal/dist/index.html'))) {
  console.log('\n=== building borrower-portal for the browser tests ===');
  spawnSync('npm', ['run', 'build', '--workspace', 'borrower-portal'], { cwd: root, stdio: 'inherit' });
}
const portalPlaywrightFile = path.join(out, 'borrower-portal-e2e.json');
run(
  'borrower-portal (Playwright: Chromium against the real backend)',
  portalDir,
  'node',
  [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test'],
  { PLAYWRIGHT_JSON_OUTPUT_FILE: portalPlaywrightFile },
  portalPlaywrightFile,
  (r) => ({
    passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
    failed: (r.stats?.unexpected ?? 0) + (r.errors?.length ?? 0),
    skipped: r.stats?.skipped ?? 0,
  }),
  playwrightFileTimes,
  playwrightFailures,
);

await services.stop();
// Where the time goes: the ten slowest test files of all suites (a browser file's time is that of its tests, one after
// the other; files of one suite run side by side, so the times add up to more than the run took).
if (fileTimes.length > 0) {
  console.log('\nSlowest test files:');
  for (const [file, seconds] of fileTimes.sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
}
if (totals.skipped > 0) {
  console.log('\nSkipped:');
  for (const [reason, n] of skipReasons) console.log(`  ${n} test(s): ${reason}`);
  const unexplained = totals.skipped - [...skipReasons.values()].reduce((sum, n) => sum + n, 0);
  if (unexplained > 0) console.log(`  ${unexplained} test(s): skipped in a browser suite (its output above says why)`);
}
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const failure of failures) console.log(`  ${failure.slice(0, 2400)}`);
}
const parts = [`${totals.passed} passed`, `${totals.failed} failed`];
if (totals.skipped > 0) parts.push(`${totals.skipped} skipped`);
console.log(`\n${parts.join(', ')}`);
process.exit(totals.failed > 0 || broken ? 1 : 0);
