import type { IncomingHttpHeaders } from 'node:http';
import { requestCookie } from '../../platform/http/cookies.js';

/** Where a request's token comes from. `cookie` means the browser attached it by itself: the CSRF check applies. */
export type Credential = { source: 'bearer' | 'cookie'; token: string };

/**
 * The one reading of a request's credentials, shared by the JWT strategy, sign-out and the CSRF check so they can
 * never disagree: an `Authorization: Bearer` header wins (even when empty or invalid: then there is no fallback to
 * the cookie), otherwise the `token` cookie.
 */
export function requestCredential(request: { headers: IncomingHttpHeaders }): Credential | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^\s*bearer(?:\s+(.*))?$/i.exec(header) : null;
  if (match) return { source: 'bearer', token: (match[1] ?? '').trim() };
  const cookie = requestCookie(request.headers, 'token');
  return cookie ? { source: 'cookie', token: cookie } : undefined;
}
