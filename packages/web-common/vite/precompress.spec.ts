// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.js';

let dir: string;
const text = (bytes: number) => 'export const rows = [' + Array.from({ length: bytes / 8 }, (_, i) => `${i % 97},`).join('') + '];\n';

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  mkdirSync(path.join(dir, 'assets'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDirectory', () => {
  it('writes .br and .gz beside each text asset over the threshold, each decompressing to the original', async () => {
    const js = text(40_000);
    writeFileSync(path.join(dir, 'assets', 'index-AbCd1234.js'), js);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>x</title>${'<p>hello</p>'.repeat(200)}`);
    const written = await precompressDirectory(dir);
    expect(written.map((w) => w.file).sort()).toEqual(['assets/index-AbCd1234.js', 'index.html']);
    const file = path.join(dir, 'assets', 'index-AbCd1234.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    const entry = written.find((w) => w.file === 'assets/index-AbCd1234.js')!;
    expect(entry.br).toBeLessThan(entry.gz!);
    expect(entry.gz).toBeLessThan(js.length);
  });

  it('leaves small files, images and fonts alone', async () => {
    writeFileSync(path.join(dir, 'version.json'), '{"version":"1"}\n');
    writeFileSync(path.join(dir, 'assets', 'logo-AbCd1234.png'), Buffer.alloc(10_000));
    writeFileSync(path.join(dir, 'assets', 'font-AbCd1234.woff2'), Buffer.alloc(10_000));
    expect(await precompressDirectory(dir)).toEqual([]);
    for (const name of ['version.json', 'assets/logo-AbCd1234.png', 'assets/font-AbCd1234.woff2']) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });

  it('keeps no compressed copy that is not smaller than the file', async () => {
    writeFileSync(path.join(dir, 'noise.txt'), randomBytes(4096));
    expect(await precompressDirectory(dir)).toEqual([{ file: 'noise.txt', bytes: 4096 }]);
    expect(existsSync(path.join(dir, 'noise.txt.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'noise.txt.gz'))).toBe(false);
  });
});
