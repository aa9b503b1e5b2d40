import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { precompressDirectory } from '../../../packages/web-common/vite/precompress.js';
import { IMMUTABLE, REVALIDATE } from '../../src/app/static-files.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Static delivery of the two built apps (issue 11): files precompressed by the frontends' build plugin, served with
 * Content-Encoding from Accept-Encoding, long-lived caching for hashed files only, index.html revalidated.
 */
let t: TestApp;
let port: number;
let spaDir: string;

/** A build as Vite lays it out: index.html, hashed assets, an image, the build's version.json. */
const SCRIPT = `export const rows = [${Array.from({ length: 4000 }, (_, i) => `{id:${i},label:"row ${i % 50}"}`).join(',')}];\n`;
const STYLE = Array.from({ length: 300 }, (_, i) => `.c${i}{margin:${i % 7}px;color:#333}`).join('\n');
const INDEX = (name: string) =>
  `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>${name}</title>${'<link rel="modulepreload" href="./assets/chunk-AbCd1234.js">'.repeat(30)}<script type="module" src="./assets/index-Ab_d12-4.js"></script></head><body><div id="root"></div></body></html>`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4000, 7)]);

async function writeBuild(dir: string, name: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), INDEX(name));
  writeFileSync(path.join(dir, 'assets', 'index-Ab_d12-4.js'), SCRIPT);
  writeFileSync(path.join(dir, 'assets', 'index-Zz9Yy8Xx.css'), STYLE);
  writeFileSync(path.join(dir, 'assets', 'logo-Qq1Ww2Ee.png'), PNG);
  writeFileSync(path.join(dir, 'version.json'), '{"version":"test"}\n');
  await precompressDirectory(dir);
}

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET that keeps the bytes as sent (supertest would decompress them) and the path as written (no URL parsing). */
function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

function decoded(res: Raw): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body).toString();
  if (encoding === 'gzip') return gunzipSync(res.body).toString();
  expect(encoding).toBeUndefined();
  return res.body.toString();
}

beforeAll(async () => {
  spaDir = mkdtempSync(path.join(tmpdir(), 'static-delivery-'));
  await writeBuild(path.join(spaDir, 'console'), 'console');
  await writeBuild(path.join(spaDir, 'portal'), 'portal');
  t = await startTestApp('static', {}, undefined, {
    staticDirs: [
      { mount: '/Admin', dir: path.join(spaDir, 'console') },
      { mount: '/', dir: path.join(spaDir, 'portal'), exclude: ['/Admin', '/socket.io'] },
    ],
  });
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
});

afterAll(async () => {
  await t?.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe.each([
  ['the console', '/Admin', 'console'],
  ['the portal', '', 'portal'],
])('%s (%s)', (_name, mount, app) => {
  const built = (file: string) => readFileSync(path.join(spaDir, app, file));

  it.each([
    ['br, gzip, deflate', 'br', '.br'],
    ['gzip, deflate', 'gzip', '.gz'],
    ['gzip;q=1.0, br;q=0', 'gzip', '.gz'],
    ['*', 'br', '.br'],
    ['', undefined, ''],
    ['identity', undefined, ''],
    ['br;q=0, gzip;q=0', undefined, ''],
  ])('a hashed script asked with Accept-Encoding "%s" comes as %s, decoding to the built file', async (accept, encoding, suffix) => {
    const res = await rawGet(`${mount}/assets/index-Ab_d12-4.js`, { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body.equals(built(`assets/index-Ab_d12-4.js${suffix}`))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(decoded(res)).toBe(SCRIPT);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
    // The security headers stay (security-headers.int-spec.ts checks them in full).
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('each representation has its own validator, and a matching one is answered 304 without a body', async () => {
    const url = `${mount}/assets/index-Zz9Yy8Xx.css`;
    const br = await rawGet(url, { 'Accept-Encoding': 'br' });
    const gzip = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    const plain = await rawGet(url);
    expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    expect([decoded(br), decoded(gzip), decoded(plain)]).toEqual([STYLE, STYLE, STYLE]);
    const again = await rawGet(url, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('index.html, also as the answer to a deep link, is compressed and revalidated on every use', async () => {
    for (const url of [`${mount}/`, `${mount}/Loan/soft/pending`, `${mount}/User/Loans?tab=open`]) {
      const res = await rawGet(url, { 'Accept-Encoding': 'gzip, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(decoded(res)).toBe(INDEX(app));
    }
  });

  it('files that are not hashed or not worth compressing come as they are, revalidated', async () => {
    const version = await rawGet(`${mount}/version.json`, { 'Accept-Encoding': 'br, gzip' });
    expect(version.status).toBe(200);
    expect(version.headers['content-encoding']).toBeUndefined();
    expect(version.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(version.headers['cache-control']).toBe(REVALIDATE);
    expect(version.body.toString()).toBe('{"version":"test"}\n');
    const logo = await rawGet(`${mount}/assets/logo-Qq1Ww2Ee.png`, { 'Accept-Encoding': 'br, gzip' });
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe(IMMUTABLE);
    expect(logo.body.equals(PNG)).toBe(true);
  });

  it('a missing asset is a 404, never index.html; so is a path stepping outside the build', async () => {
    for (const url of [
      `${mount}/assets/missing.js`,
      `${mount}/assets/index-Ab_d12-5.js`,
      `${mount}/assets/missing.css`,
      `${mount}/assets/img/missing.png`,
      `${mount}/missing-AbCd1234.js`,
    ]) {
      const res = await rawGet(url, { 'Accept-Encoding': 'br, gzip' });
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
    }
    const other = app === 'console' ? 'portal' : 'console';
    for (const url of [`${mount}/assets/%2e%2e/%2e%2e/${other}/index.html`, `${mount}/assets/..%2f..%2f${other}%2findex.html`]) {
      const res = await rawGet(url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.body.toString()).not.toContain(`<title>${other}</title>`);
    }
  });
});

describe('the two apps and the API stay apart', () => {
  it('the portal answers neither under /Admin nor for the API', async () => {
    expect(decoded(await rawGet('/Admin/Users'))).toBe(INDEX('console'));
    expect((await rawGet('/Admin/assets/missing.js')).status).toBe(404);
    const api = await rawGet('/api/nope');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('HEAD answers the headers of GET without a body', async () => {
    const res = await rawGet('/assets/index-Ab_d12-4.js', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(Number(res.headers['content-length'])).toBe(readFileSync(path.join(spaDir, 'portal', 'assets', 'index-Ab_d12-4.js.gz')).length);
    expect(res.body.length).toBe(0);
  });
});
