import type { IncomingHttpHeaders } from 'node:http';

/** One request header's value (the first, when it came more than once), by its name in any case. */
export function requestHeader(request: { headers: IncomingHttpHeaders }, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
