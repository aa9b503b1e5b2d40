import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from 'proxy-addr';

/** The compiled TRUST_PROXY setting: does the proxy at this address (hop `i`) get believed? */
export type TrustProxy = (address: string, i: number) => boolean;
const trustNobody: TrustProxy = () => false;

/** TRUST_PROXY as Fastify's `trustProxy` takes it: a hop count (`1`), or addresses and names (`loopback, 10.0.0.0/8`). */
function trustProxySetting(value: string | undefined): number | string | undefined {
  if (!value) return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** TRUST_PROXY compiled as Fastify (and Express before it) compiles it, for the code that reads a raw request. */
export function compileTrustProxy(value: string | undefined): TrustProxy {
  const setting = trustProxySetting(value);
  if (setting === undefined) return trustNobody;
  if (typeof setting === 'number') return (_address, i) => i < setting;
  return proxyAddr.compile(setting.split(',').map((part) => part.trim()));
}

/** `scheme://host[:port]`, lower case, or undefined for anything that is not an http(s)/ws(s) origin (including `null`). */
export function normalizeOrigin(value: string | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) ? url.origin.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** The browser origins the product answers to besides a request's own: PUBLIC_URL's and CORS_ORIGINS. */
export function productOrigins(config: { publicUrl: string; corsOrigins: string[] }): ReadonlySet<string> {
  return new Set([config.publicUrl, ...config.corsOrigins].map(normalizeOrigin).filter((o): o is string => o !== undefined));
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/**
 * The origin a request was addressed to: its protocol and Host header, or X-Forwarded-Proto / X-Forwarded-Host when
 * `trust proxy` believes the peer (as Express's req.protocol and req.host do). A browser cannot send another site's
 * Host with our cookie (cookies follow the host name), so Origin equal to this is a same-origin request.
 */
export function addressedOrigin(req: IncomingMessage, trust: TrustProxy = trustNobody): string | undefined {
  const trusted = trust(req.socket.remoteAddress ?? '', 0);
  const proto = (trusted && first(req.headers['x-forwarded-proto'])) || ((req.socket as TLSSocket).encrypted ? 'https' : 'http');
  const host = (trusted && first(req.headers['x-forwarded-host'])) || first(req.headers.host);
  return host ? normalizeOrigin(`${proto}://${host}`) : undefined;
}

/**
 * A browser request from the product's own pages: `Sec-Fetch-Site: same-origin` (set by the browser, never by a
 * script), or an `Origin` equal to the request's own origin, PUBLIC_URL's or one of CORS_ORIGINS. A missing Origin
 * and `Origin: null` do not count.
 */
export function fromOwnOrigin(req: IncomingMessage, allowed: ReadonlySet<string>, trust?: TrustProxy): boolean {
  if (first(req.headers['sec-fetch-site']) === 'same-origin') return true;
  const origin = normalizeOrigin(first(req.headers.origin));
  if (!origin) return false;
  return allowed.has(origin) || origin === addressedOrigin(req, trust);
}

/**
 * The client's address as Express's req.ip computes it: the peer, or the nearest X-Forwarded-For entry that a
 * trusted proxy vouches for.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy = trustNobody): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const hops = [req.socket.remoteAddress ?? 'unknown', ...forwarded];
  let i = 0;
  while (i < hops.length - 1 && trust(hops[i], i)) i += 1;
  return hops[i];
}
