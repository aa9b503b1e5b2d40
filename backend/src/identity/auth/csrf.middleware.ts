import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { fromOwnOrigin, type TrustProxy } from '../../platform/http/origins.js';
import { toProblem } from '../../platform/http/problem.filter.js';
import { csrfRefused } from './auth.errors.js';
import { requestCredential } from './credentials.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a browser attaches the `token` cookie to requests any site makes, so an unsafe method authenticated by the
 * cookie alone must prove it comes from our own pages (Origin, or Sec-Fetch-Site: same-origin). Plain Express
 * middleware: it runs before routing, guards and handlers, so a refused request changes nothing. Requests with a
 * bearer header (which another site cannot add without our CORS consent) or without credentials pass untouched.
 */
export function refuseCrossSiteCookieWrites(allowedOrigins: ReadonlySet<string>, trust: () => TrustProxy | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (requestCredential(req)?.source !== 'cookie') return next();
    if (fromOwnOrigin(req, allowedOrigins, trust())) return next();
    const problem = toProblem(csrfRefused(), req.originalUrl);
    res.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
  };
}
