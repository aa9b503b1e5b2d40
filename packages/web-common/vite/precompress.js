// Plain JavaScript (typed by precompress.d.ts): Vite loads its config through Node, which runs no TypeScript here.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text formats worth compressing (source maps are not shipped); images and fonts (png, woff2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm|ico)$/i;

/** Below this many bytes a compressed copy saves less than its headers and a lookup cost. */
export const DEFAULT_THRESHOLD = 1024;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file of `dir` of
 * at least `threshold` bytes, each only when smaller than the file. The backend serves them with Content-Encoding
 * (backend/src/app/static-files.ts). Returns what was written, relative to `dir`.
 * @param {string} dir
 * @param {{ threshold?: number }} [options]
 * @returns {Promise<{ file: string, bytes: number, br?: number, gz?: number }[]>}
 */
export async function precompressDirectory(dir, { threshold = DEFAULT_THRESHOLD } = {}) {
  const written = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < threshold) continue;
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipped(source, { level: 9 }),
    ]);
    const entry = { file: path.relative(dir, file).split(path.sep).join('/'), bytes: source.length };
    if (br.length < source.length) {
      await writeFile(`${file}.br`, br);
      entry.br = br.length;
    }
    if (gz.length < source.length) {
      await writeFile(`${file}.gz`, gz);
      entry.gz = gz.length;
    }
    written.push(entry);
  }
  return written;
}

/**
 * A Vite build plugin: once the bundle (and the public folder) is written, precompresses the output directory
 * (precompressDirectory), so the server never compresses on the fly.
 * @param {{ threshold?: number }} [options]
 * @returns {import('vite').Plugin}
 */
export function precompress(options = {}) {
  return {
    name: 'lending-precompress',
    apply: 'build',
    async writeBundle(output) {
      if (output.dir) await precompressDirectory(output.dir, options);
    },
  };
}
