import type { IncomingMessage, ServerResponse } from 'node:http';

export type CorsOptions = { origins: readonly string[]; exposedHeaders: readonly string[]; allowedHeaders: readonly string[] };

const METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';

/** Adds `Origin` to the response's Vary header (as the vary package does for a single field). */
function varyOnOrigin(res: ServerResponse): void {
  const current = res.getHeader('Vary');
  if (current === undefined) return void res.setHeader('Vary', 'Origin');
  const text = Array.isArray(current) ? current.join(', ') : String(current);
  const fields = text.split(',').map((f) => f.trim().toLowerCase());
  if (fields.includes('*') || fields.includes('origin')) return;
  res.setHeader('Vary', text ? `${text}, Origin` : 'Origin');
}

/**
 * CORS for the browser apps of other origins (CORS_ORIGINS), with credentials: the headers the `cors` package wrote
 * here through Nest's enableCors (the request's Origin reflected when it is one of `origins`, `Vary: Origin`,
 * credentials allowed, the exposed headers; a preflight answered 204 with the methods and allowed headers), with the
 * header values built once instead of per request (issue 30, item 1).
 */
export function corsHeaders(options: CorsOptions) {
  const allowed = new Set(options.origins);
  const exposed = options.exposedHeaders.join(',');
  const allowedHeaders = options.allowedHeaders.join(',');
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const origin = req.headers.origin;
    if (origin !== undefined && allowed.has(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    varyOnOrigin(res);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method !== 'OPTIONS') {
      if (exposed) res.setHeader('Access-Control-Expose-Headers', exposed);
      return next();
    }
    res.setHeader('Access-Control-Allow-Methods', METHODS);
    if (allowedHeaders) res.setHeader('Access-Control-Allow-Headers', allowedHeaders);
    if (exposed) res.setHeader('Access-Control-Expose-Headers', exposed);
    res.statusCode = 204;
    res.setHeader('Content-Length', '0');
    res.end();
  };
}
