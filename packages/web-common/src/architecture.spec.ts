// @vitest-environment node
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The frontends' boundaries (.dependency-cruiser.frontend.cjs, run by `npm run lint:architecture`) catch what they
 * are meant to: files that break one rule each are planted in the real source trees for the length of one run.
 */
const ROOT = path.join(__dirname, '..', '..', '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const TREES = [
  'admin-console/src',
  'admin-console/e2e',
  'borrower-portal/src',
  'borrower-portal/e2e',
  'packages/web-common/src',
  'packages/web-common/e2e',
  'packages/web-common/vite',
  'packages/web-common/bench',
];
const tag = `planted-${randomBytes(4).toString('hex')}`;

type Violation = { from: string; to: string; rule: { name: string; severity: string } };

async function cruise(files: string[]): Promise<Violation[]> {
  // The json reporter exits 0 whatever it finds; the violations are in its summary.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [DEPCRUISE, '--config', '.dependency-cruiser.frontend.cjs', '--output-type', 'json', ...files],
    {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const planted: Record<string, string> = {
  [`admin-console/src/${tag}.ts`]: "export { EXTERNAL_URLS } from '../../borrower-portal/src/external-urls';\n",
  [`borrower-portal/src/${tag}.ts`]: "export { EXTERNAL_URLS } from '../../admin-console/src/external-urls';\n",
  [`packages/web-common/src/${tag}-app.ts`]: "export { EXTERNAL_URLS } from '../../../admin-console/src/external-urls';\n",
  [`packages/web-common/src/${tag}-framework.ts`]: "export { Datagrid } from 'react-admin';\n",
  [`packages/web-common/src/${tag}-a.ts`]: `export { b } from './${tag}-b';\nexport const a = 1;\n`,
  [`packages/web-common/src/${tag}-b.ts`]: `import { a } from './${tag}-a';\nexport const b = a;\n`,
};

const removePlanted = () => Promise.all(Object.keys(planted).map((file) => rm(path.join(ROOT, file), { force: true })));

afterAll(removePlanted);

describe('npm run lint:architecture, the frontends', () => {
  it('fails on each kind of planted violation, naming the rule', async () => {
    let violations: Violation[];
    try {
      for (const [file, text] of Object.entries(planted)) await writeFile(path.join(ROOT, file), text);
      violations = await cruise(Object.keys(planted));
    } finally {
      await removePlanted();
    }
    const found = violations.filter((v) => v.from.includes(tag)).map((v) => `${v.rule.name}: ${v.from.replace(/planted-[0-9a-f]+/, '*')}`);
    // A cycle is reported once, from whichever of its files the cruise meets first.
    expect([...new Set(found.map((line) => line.replace(/\*-[ab]\.ts$/, '*-a|b.ts')))].sort()).toEqual(
      [
        'apps-apart: admin-console/src/*.ts',
        'apps-apart: borrower-portal/src/*.ts',
        'no-circular: packages/web-common/src/*-a|b.ts',
        'web-common-framework-neutral: packages/web-common/src/*-framework.ts',
        'web-common-not-to-apps: packages/web-common/src/*-app.ts',
      ].sort(),
    );
  }, 120_000);

  it('passes on the trees as they are, with no violation set aside', async () => {
    expect(await cruise(TREES)).toEqual([]);
  }, 120_000);
});
