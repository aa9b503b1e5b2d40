/**
 * Whether an error means PostgreSQL cannot be reached or is going away, rather than that a statement was wrong:
 * the server shutting down or starting (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now), any
 * connection exception (class 08), too many connections (53300), a refused, reset or timed-out socket, a connection
 * pg reports as terminated, the pool's bound on acquiring a connection (DATABASE_CONNECT_TIMEOUT_MS), or a statement
 * cut off by DATABASE_STATEMENT_TIMEOUT_MS (the server's "canceling statement due to statement timeout", or the
 * driver's "Query read timeout"; any other 57014, a cancel asked for, is not). The API
 * answers these with 503 `service-unavailable` and Retry-After (problem.filter.ts), never 401 or 500.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i, // "Connection terminated", "... unexpectedly", "... due to connection timeout"
  /timeout exceeded when trying to connect/i, // pg-pool: no connection within connectionTimeoutMillis
  /client has encountered a connection error and is not queryable/i,
  /client was closed and is not queryable/i,
  /connection to the database server was lost/i,
  /canceling statement due to statement timeout/i, // 57014 from statement_timeout
  /query read timeout/i, // pg: query_timeout, the server did not answer
];

/** Seconds a client is told to wait (Retry-After) when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // An AggregateError (a connect to several addresses) holds the socket errors in `errors`.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
