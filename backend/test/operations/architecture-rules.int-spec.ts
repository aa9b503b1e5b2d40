import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';

/**
 * The layer rules (.dependency-cruiser.cjs, run by `npm run lint:architecture`) catch what they are meant to: files
 * that break one rule each are planted in the real source tree for the length of one dependency-cruiser run. So does
 * the check of cycles between contexts (scripts/context-cycles.mjs, the same script's second step).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const tag = `planted-${randomBytes(4).toString('hex')}`;

type Violation = { from: string; to: string; rule: { name: string; severity: string } };

async function cruise(files: string[]): Promise<Violation[]> {
  // The json reporter exits 0 whatever it finds; the violations are in its summary.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [depcruise, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...files],
    {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** The context-cycle check's exit status and what it printed. */
async function contextCycles(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/context-cycles.mjs'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const planted: Record<string, string> = {
  [`backend/src/lending/loan/domain/${tag}.ts`]: "import { Injectable } from '@nestjs/common';\nexport const planted = Injectable;\n",
  [`backend/src/lending/pipeline/application/${tag}.ts`]:
    "export type { UsersRepository } from '../../../identity/users/users.repository.js';\n",
  [`backend/src/lending/settlement/domain/${tag}.ts`]:
    "export { PaymentCommands } from '../../servicing/application/payment-commands.js';\n",
  [`backend/src/lending/loan/application/${tag}.ts`]:
    "export { MoveLoanCommand } from '../../pipeline/application/move-loan.handler.js';\n",
  [`backend/src/lending/servicing/projections/${tag}.ts`]:
    "export { RecordPaymentCommand } from '../application/record-payment.handler.js';\n",
  [`backend/src/communications/application/${tag}.ts`]: "export { parseListParams } from '../../platform/http/list-params.js';\n",
  [`backend/src/platform/config/${tag}.ts`]: "export type { LoanEvent } from '../../lending/public/index.js';\n",
  [`backend/src/app/${tag}.ts`]: "export { median } from '../../bench/measure.js';\n",
  [`backend/src/platform/${tag}-a.ts`]: `export { b } from './${tag}-b.js';\nexport const a = 1;\n`,
  [`backend/src/platform/${tag}-b.ts`]: `import { a } from './${tag}-a.js';\nexport const b = a;\n`,
};

/**
 * Imports each allowed by the rules above (through the other context's public/) that close a cycle between contexts:
 * identity -> lending, against lending -> identity; origination -> communications, closing communications -> lending
 * -> origination.
 */
const cycleClosing: Record<string, string> = {
  [`backend/src/identity/application/${tag}.ts`]: "export type { LoanEvent } from '../../lending/public/index.js';\n",
  [`backend/src/origination/application/${tag}.ts`]: "export type { TemplatedEmail } from '../../communications/public/index.js';\n",
};

const removePlanted = () =>
  Promise.all([...Object.keys(planted), ...Object.keys(cycleClosing)].map((file) => rm(path.join(root, file), { force: true })));

afterAll(removePlanted);

describe('npm run lint:architecture', () => {
  it('fails on each kind of planted violation, naming the rule', async () => {
    let violations: Violation[];
    try {
      for (const [file, text] of Object.entries(planted)) await writeFile(path.join(root, file), text);
      violations = await cruise(Object.keys(planted));
    } finally {
      await removePlanted();
    }
    const found = violations
      .filter((v) => v.from.includes(tag))
      .map(
        (v) =>
          `${v.rule.severity} ${v.rule.name}: ${path.basename(path.dirname(v.from))}/${path.basename(v.from).replace(/planted-[0-9a-f]+(-[ab])?/, '*')}`,
      );
    // A cycle is reported once, from whichever of its files the cruise meets first.
    expect([...new Set(found)].sort()).toEqual(
      [
        'error application-not-to-http: application/*.ts',
        'error contexts-meet-through-public: application/*.ts',
        'error lending-slices-meet-through-the-loan: domain/*.ts',
        'error loan-core-sits-below-the-slices-handlers: application/*.ts',
        'error adapters-do-not-import-handlers: projections/*.ts',
        'error domain-is-pure: domain/*.ts',
        'error no-circular: platform/*.ts',
        'error platform-not-to-contexts: config/*.ts',
        'error shipped-code-not-to-tests-or-bench: app/*.ts',
      ].sort(),
    );
  }, 120_000);

  it('fails on a cycle between contexts, direct or longer, printing each with an import that makes each arrow', async () => {
    let result: { code: number; output: string };
    try {
      for (const [file, text] of Object.entries(cycleClosing)) await writeFile(path.join(root, file), text);
      expect(await cruise(Object.keys(cycleClosing))).toEqual([]);
      result = await contextCycles();
    } finally {
      await removePlanted();
    }
    expect(result.code).toBe(1);
    const cycles = result.output.split('\n').filter((line) => line.startsWith('error context-cycle:'));
    expect(cycles).toEqual([
      'error context-cycle: communications -> lending -> origination -> communications',
      'error context-cycle: identity -> lending -> identity',
    ]);
    expect(result.output).toContain(
      `origination -> communications: backend/src/origination/application/${tag}.ts -> backend/src/communications/public/index.ts`,
    );
    expect(result.output).toContain(
      `identity -> lending: backend/src/identity/application/${tag}.ts -> backend/src/lending/public/index.ts`,
    );
  }, 120_000);

  it('passes on the tree as it is, with no violation set aside', async () => {
    expect(await cruise(['backend/src', 'backend/test', 'backend/bench'])).toEqual([]);
    const { code, output } = await contextCycles();
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('No cycle between contexts') });
  }, 120_000);
});
