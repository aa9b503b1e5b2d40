import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

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

/**
 * Sends `file` (which exists) or its best precompressed variant for this request, with its content type, length,
 * validators and `cacheControl`. Conditional requests (If-None-Match, If-Modified-Since) and ranges are `send`'s.
 */
async function sendBuilt(
  req: Request,
  res: Response,
  next: NextFunction,
  file: string,
  fileStat: Stats,
  cacheControl: string,
): Promise<void> {
  const variants = (await Promise.all(ENCODINGS.map(async (e) => ({ ...e, stats: await fileStats(file + e.suffix) })))).filter(
    (v) => v.stats,
  );
  const chosen = variants.find((v) => accepts(req.headers['accept-encoding'], v.coding));
  const sent = chosen?.stats ?? fileStat;
  if (variants.length > 0) res.vary('Accept-Encoding');
  res.type(path.extname(file));
  res.setHeader('Cache-Control', cacheControl);
  // One validator per representation: a cached gzip body must not be revalidated as the brotli one.
  res.setHeader('ETag', `W/"${sent.size.toString(16)}-${Math.floor(sent.mtimeMs).toString(16)}${chosen ? `-${chosen.coding}` : ''}"`);
  if (chosen) res.setHeader('Content-Encoding', chosen.coding);
  res.sendFile(chosen ? file + chosen.suffix : file, { cacheControl: false, lastModified: true }, (error?: Error & { status?: number }) => {
    if (!error || res.headersSent) return;
    for (const header of ['Content-Encoding', 'Content-Type', 'Cache-Control', 'ETag', 'Vary']) res.removeHeader(header);
    next(error.status === 404 ? undefined : error);
  });
}

/** A script or style the build does not have: a plain 404 (index.html would be run as a script), not cached. */
function notInBuild(res: Response): void {
  res.status(404).setHeader('Cache-Control', REVALIDATE);
  res.type('text/plain').send('Not found: this file is not part of the current build.\n');
}

/**
 * Serves a built single-page app (mounted with app.use): its files, else (for paths that are not files by their look, see
 * FILE_ONLY) index.html, so deep links open the app. `exclude`: path prefixes left alone (another app's mount, the
 * socket); /api always is.
 */
export function serveBuiltApp(dir: string, exclude: string[] = []) {
  const root = path.resolve(dir);
  const index = path.join(root, 'index.html');
  const prefixes = ['/api', ...exclude];
  const excluded = (url: string) =>
    prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
  return (req: Request, res: Response, next: NextFunction): void => {
    // The URL as routing sees it now (`baseUrl` + `url`), not `originalUrl`: a rewrite before this middleware (GET
    // /metrics is /api/metrics, metrics.controller.ts) must reach the API, not the index.html fallback.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || excluded(`${req.baseUrl}${req.url}`)) return next();
    void (async () => {
      const relative = req.path.replace(/^\/+/, '');
      const file = relative ? resolveInside(root, relative) : undefined;
      const fileStat = file ? await fileStats(file) : undefined;
      if (file && fileStat) return sendBuilt(req, res, next, file, fileStat, HASHED.test(relative) ? IMMUTABLE : REVALIDATE);
      if (FILE_ONLY.test(relative)) return notInBuild(res);
      const indexStat = await fileStats(index);
      if (!indexStat) return next();
      return sendBuilt(req, res, next, index, indexStat, REVALIDATE);
    })().catch(next);
  };
}
