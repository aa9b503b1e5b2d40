import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentType } from 'mime-types';
import send from 'send';

/**
 * How the built single-page apps are delivered (docs/static-delivery.md):
 * - precompressed at build (packages/web-common/vite/precompress.js writes `.br` and `.gz` beside each text file),
 *   the variant chosen from Accept-Encoding (brotli, then gzip, then the file itself), `Vary: Accept-Encoding`;
 * - Vite's hashed files (`assets/<name>-<hash>.<ext>`) cached for a year as immutable; everything else, index.html
 *   and the deep-link fallback first, revalidated on every use (`no-cache`, answered 304 by ETag/Last-Modified).
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The precompressed variants, in the order the server prefers them. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

/** Vite's content-hashed output names (`assets/index-DBEOC0gI.js`): a changed file gets a new name. */
const HASHED = /^assets\/(?:.+\/)?[^/]+-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

/** Requests for these are files or nothing: a missing script must not be answered with index.html. */
const FILE_ONLY = /^assets\/|\.(?:js|mjs|css|map)$/;

/** Whether Accept-Encoding allows `coding` (RFC 9110 §12.5.3: `q=0` refuses, `*` stands for the rest). */
export function accepts(header: string | undefined, coding: string): boolean {
  let exact: number | undefined;
  let wildcard: number | undefined;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (name === coding) exact = quality;
    else if (name === '*') wildcard = quality;
  }
  return (exact ?? wildcard ?? 0) > 0;
}

const fileStats = (file: string): Promise<Stats | undefined> =>
  stat(file).then(
    (s) => (s.isFile() ? s : undefined),
    () => undefined,
  );

/** The file under `dir` a URL path names, or undefined for anything that would step outside it. */
function resolveInside(dir: string, urlPath: string): string | undefined {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (relative.includes('\0')) return undefined;
  const file = path.resolve(dir, `.${path.posix.normalize(`/${relative}`)}`);
  return file.startsWith(`${dir}${path.sep}`) ? file : undefined;
}

/** Adds a field to the response's Vary header, once. */
function vary(res: ServerResponse, field: string): void {
  const current = res.getHeader('Vary');
  const text = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (text.split(',').some((f) => f.trim().toLowerCase() === field.toLowerCase())) return;
  res.setHeader('Vary', text ? `${text}, ${field}` : field);
}

/**
 * Sends `file` (which exists) or its best precompressed variant for this request, with its content type, length,
 * validators and `cacheControl`. Conditional requests (If-None-Match, If-Modified-Since) and ranges are `send`'s.
 */
async function sendBuilt(req: IncomingMessage, res: ServerResponse, file: string, fileStat: Stats, cacheControl: string): Promise<void> {
  const variants = (await Promise.all(ENCODINGS.map(async (e) => ({ ...e, stats: await fileStats(file + e.suffix) })))).filter(
    (v) => v.stats,
  );
  const chosen = variants.find((v) => accepts(req.headers['accept-encoding'], v.coding));
  const sent = chosen?.stats ?? fileStat;
  if (variants.length > 0) vary(res, 'Accept-Encoding');
  res.setHeader('Content-Type', contentType(path.extname(file)) || 'application/octet-stream');
  res.setHeader('Cache-Control', cacheControl);
  // One validator per representation: a cached gzip body must not be revalidated as the brotli one.
  res.setHeader('ETag', `W/"${sent.size.toString(16)}-${Math.floor(sent.mtimeMs).toString(16)}${chosen ? `-${chosen.coding}` : ''}"`);
  if (chosen) res.setHeader('Content-Encoding', chosen.coding);
  await new Promise<void>((resolve) => {
    send(req, chosen ? file + chosen.suffix : file, { cacheControl: false, lastModified: true, index: false, dotfiles: 'allow' })
      .on('error', (error: Error & { status?: number }) => {
        if (!res.headersSent) {
          for (const header of ['Content-Encoding', 'Content-Type', 'Cache-Control', 'ETag', 'Vary']) res.removeHeader(header);
          res.statusCode = error.status ?? 500;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(res.statusCode === 404 ? 'Not found\n' : 'Could not read the file\n');
        } else res.destroy();
        resolve();
      })
      .on('end', resolve)
      .pipe(res);
    res.once('close', resolve);
  });
}

/** A script or style the build does not have: a plain 404 (index.html would be run as a script), not cached. */
function notInBuild(res: ServerResponse): void {
  res.statusCode = 404;
  res.setHeader('Cache-Control', REVALIDATE);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Not found: this file is not part of the current build.\n');
}

/**
 * Serves a built single-page app under `mount` (a Fastify `onRequest` hook, before routing): its files, else (for
 * paths that are not files by their look, see FILE_ONLY) index.html, so deep links open the app. `exclude`: path
 * prefixes left alone (another app's mount, the queue board, the socket); /api always is. What it answers bypasses
 * Fastify's reply (`hijack`): the headers set before it on the raw response (security headers, request id) stay.
 */
export function serveBuiltApp(mount: string, dir: string, exclude: string[] = []) {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  const base = mount.replace(/\/+$/, '');
  const prefixes = ['/api', ...exclude];
  const excluded = (url: string) =>
    prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
  // Without regard to case, as Express matched a mount: /admin opens the console too.
  const lowerBase = base.toLowerCase();
  const mounted = (urlPath: string) => {
    const lower = urlPath.toLowerCase();
    return base === '' || lower === lowerBase || lower.startsWith(`${lowerBase}/`);
  };
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    // The URL as routing sees it (`request.url`, after rewriteUrl): GET /metrics is /api/metrics (metrics.controller.ts),
    // which must reach the API, not the index.html fallback.
    const url = request.url;
    const urlPath = url.split('?', 1)[0];
    if ((request.method !== 'GET' && request.method !== 'HEAD') || excluded(url) || !mounted(urlPath)) return done();
    void (async () => {
      const relative = urlPath.slice(base.length).replace(/^\/+/, '');
      const file = relative ? resolveInside(root, relative) : undefined;
      const fileStat = file ? await fileStats(file) : undefined;
      if (file && fileStat) {
        reply.hijack();
        return sendBuilt(request.raw, reply.raw, file, fileStat, HASHED.test(relative) ? IMMUTABLE : REVALIDATE);
      }
      if (FILE_ONLY.test(relative)) {
        reply.hijack();
        return notInBuild(reply.raw);
      }
      const indexStat = await fileStats(index);
      if (!indexStat) return done();
      reply.hijack();
      return sendBuilt(request.raw, reply.raw, index, indexStat, REVALIDATE);
    })().catch((error: Error) => (reply.sent ? reply.raw.destroy(error) : done(error)));
  };
}
