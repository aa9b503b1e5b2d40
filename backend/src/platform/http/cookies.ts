import type { IncomingHttpHeaders } from 'node:http';
import { parse, serialize, type CookieSerializeOptions } from 'cookie';

/** Where a cookie goes: any reply that can add a header (Fastify appends each Set-Cookie to the ones before). */
export type CookieReply = { header(name: string, value: string): unknown };

/** One cookie of a request, read from its Cookie header; undefined when it is absent or empty. */
export function requestCookie(headers: IncomingHttpHeaders, name: string): string | undefined {
  const header = headers.cookie;
  if (!header || !header.includes(name)) return undefined;
  const value = parse(header)[name];
  return value ? value : undefined;
}

/** Sets a cookie; `maxAgeMs` also writes Expires, as browsers that ignore Max-Age need. */
export function setCookie(reply: CookieReply, name: string, value: string, options: CookieSerializeOptions & { maxAgeMs?: number }): void {
  const { maxAgeMs, ...rest } = options;
  const lifetime = maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000), expires: new Date(Date.now() + maxAgeMs) };
  reply.header('Set-Cookie', serialize(name, value, { ...rest, ...lifetime }));
}

/** Tells the browser to forget a cookie (an empty value that expired in 1970). */
export function clearCookie(reply: CookieReply, name: string, options: CookieSerializeOptions): void {
  reply.header('Set-Cookie', serialize(name, '', { ...options, expires: new Date(0) }));
}
