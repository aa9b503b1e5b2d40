import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Metrics } from './metrics.js';
import { requestIdFrom, runWithCorrelation, type RequestLogFields } from './request-context.js';

/**
 * Fields never written to a log line whatever object they appear in: credentials, one-time codes and reset links.
 * The request serializer below logs no headers and no query values at all; this list is the second line of defence.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.code',
  '*.resetLink',
  '*.link',
  '*.authorization',
  '*.cookie',
];

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** One JSON line per entry (pino); `destination` lets a test capture the lines. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { pid: process.pid } },
    destination ?? pino.destination({ sync: false }),
  );
}

/** The path and the names of the query parameters, never their values (a reset link carries its token there). */
export function loggableUrl(url: string | undefined): string {
  if (!url) return '';
  const [rawPath, query] = url.split('?', 2);
  // A password-reset link carries its secret in the path (the portal's /Auth/confirm-password/{id}).
  const path = rawPath.replace(/(\/confirm-password\/|\/reset-password\/)[^/]+/gi, '$1[redacted]');
  if (query === undefined) return path;
  const names = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${decodeSafely(pair.split('=', 1)[0])}=…`);
  return `${path}?${names.join('&')}`;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** What the hooks below keep on a request: its id, the fields its log line gains, when it started. */
type ObservedRequest = FastifyRequest & { user?: { id?: string }; logFields?: RequestLogFields };

/** Requests probes make every few seconds: their lines would drown the rest. */
const PROBE = /^\/api\/(health|metrics)(\/|$|\?)|^\/metrics(\/|$|\?)/;

/**
 * The request log: one line per API request when its answer is sent (Fastify's `onResponse`, which also runs when the
 * connection closes first), with the request id set by observeRequests, the signed-in user (set on the request by the
 * access guard), the loan command and loan id the request ran (annotateRequestLog, called by the lending command
 * executor), no headers, no bodies.
 *
 * The lines are pino-http's (`req: { id, method, url }`, `res: { statusCode }`, `responseTime`, `request completed`,
 * or `request errored` from a 5xx), written by hand: pino-http made two child loggers per request and serialized the
 * request into each whether or not its line was written at the level in force (issue 30, item 1). Here a request
 * whose line's level is off costs a comparison.
 */
export function requestLog(logger: Logger) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    done();
    const url = request.raw.url ?? '';
    if (!url.startsWith('/api') || PROBE.test(url)) return;
    const status = reply.statusCode;
    const errored = status >= 500;
    const level = errored ? 'error' : status >= 400 ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const { user, logFields } = request as ObservedRequest;
    const line: Record<string, unknown> = {
      req: { id: request.id, method: request.method, url: loggableUrl(url) },
      ...(user?.id ? { userId: user.id } : {}),
      ...(logFields?.command ? { command: logFields.command } : {}),
      ...(logFields?.loanId ? { loanId: logFields.loanId } : {}),
      res: { statusCode: status },
      responseTime: Math.round(reply.elapsedTime),
    };
    if (errored) logger.error({ ...line, err: new Error(`failed with status code ${status}`) }, 'request errored');
    else logger[level](line, 'request completed');
  };
}

/** The route pattern Fastify matched (`/api/loans/:id`), never the URL with its ids; unmatched requests share one label. */
export function routeLabel(request: FastifyRequest): string {
  return request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
}

/**
 * The request id: the caller's X-Request-Id if well-formed, else a new one (Fastify's `genReqId`), echoed in the
 * response by observeRequests.
 */
export const requestIdOf = (req: IncomingMessage): string => requestIdFrom(req.headers['x-request-id']);

/**
 * First hooks of the API. `onRequest`: the request id echoed in the response (on the raw response, so answers that
 * bypass the reply, static files, keep it), and `Connection: close` once the process is shutting down. `preHandler`
 * (after the body is read, so the context reaches the handler): the correlation context for the events and jobs the
 * request causes and the fields its log line gains from the handler (command, loan id). `onResponse`: the HTTP
 * latency histogram.
 */
export function observeRequests(metrics: Metrics, draining: () => boolean) {
  return {
    onRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      reply.raw.setHeader('X-Request-Id', request.id);
      if (draining()) reply.raw.setHeader('Connection', 'close');
      done();
    },
    preHandler(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
      const logFields: RequestLogFields = {};
      (request as ObservedRequest).logFields = logFields;
      runWithCorrelation(request.id, done, logFields);
    },
    onResponse(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      done();
      metrics.httpDuration.observe(
        { method: request.method, route: routeLabel(request), status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    },
  };
}
