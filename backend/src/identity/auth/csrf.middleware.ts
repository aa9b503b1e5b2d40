import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromOwnOrigin, type TrustProxy } from '../../platform/http/origins.js';
import { sendProblem } from '../../platform/http/problem.filter.js';
import { csrfRefused } from './auth.errors.js';
import { requestCredential } from './credentials.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a browser attaches the `token` cookie to requests any site makes, so an unsafe method authenticated by the
 * cookie alone must prove it comes from our own pages (Origin, or Sec-Fetch-Site: same-origin). A Fastify `onRequest`
 * hook: it runs before the body is read and before routing's guards and handlers, so a refused request changes
 * nothing. Requests with a bearer header (which another site cannot add without our CORS consent) or without
 * credentials pass untouched.
 */
export function refuseCrossSiteCookieWrites(allowedOrigins: ReadonlySet<string>, trust: TrustProxy | undefined) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (SAFE_METHODS.has(request.method)) return done();
    if (requestCredential(request)?.source !== 'cookie') return done();
    if (fromOwnOrigin(request.raw, allowedOrigins, trust)) return done();
    sendProblem(reply, csrfRefused(), request.url);
  };
}
