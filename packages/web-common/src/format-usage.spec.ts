import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dates, times and money are written by format.ts only (docs/admin-console.md, "Dates, times and money"): a raw
 * toLocaleString or react-admin's own DateField shows the browser's zone and locale ("12/1/2026, 9:48:32 PM").
 */
const ROOT = path.join(__dirname, '..', '..', '..');
const SOURCES = ['admin-console/src', 'borrower-portal/src', 'packages/web-common/src'];
const ALLOWED = new Set(['packages/web-common/src/format.ts']);
const RAW = [
  /\.toLocale(Date|Time)?String\(/,
  /new Intl\.(DateTimeFormat|NumberFormat)\(/,
  /import \{[^}]*\bDateField\b[^}]*\} from 'react-admin'/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('one way to write a date, a time and money', () => {
  it('no source file of either app formats them itself', () => {
    const files = SOURCES.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) =>
        readFileSync(path.join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (RAW.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
