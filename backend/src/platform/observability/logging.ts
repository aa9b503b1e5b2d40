import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
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

type ObservedRequest = IncomingMessage & {
  id?: string;
  user?: { id?: string };
  logFields?: RequestLogFields;
  route?: { path?: string };
  baseUrl?: string;
  originalUrl?: string;
};

type LoggedResponse = ServerResponse & { err?: Error };

/**
 * The request log (mounted by create-api.ts on /api): one line per request when its answer is sent (or its
 * connection closes first), with the request id set by observeRequests, the signed-in user, the loan command and loan
 * id the request ran (annotateRequestLog, called by the lending command executor), no headers, no bodies. The user
 * and those fields are read when the response finishes, after the guards and the handler set them.
 *
 * The lines are pino-http's (`req: { id, method, url }`, `res: { statusCode }`, `responseTime`, `request completed`,
 * or `request errored` with `err` from a 5xx), written by hand: pino-http made two child loggers per request and
 * serialized the request into each whether or not its line was written at the level in force (issue 30, item 1:
 * about 5% of an API process's CPU under a stream of approvals). Here a request whose line's level is off costs two
 * listeners and a comparison.
 */
export function requestLog(logger: Logger) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const observed = req as ObservedRequest;
    observed.id ??= requestIdFrom(req.headers['x-request-id']);
    const url = observed.originalUrl ?? req.url ?? '';
    // Probes call these every few seconds: their lines would drown the rest. (`originalUrl`: mounted on /api, `url` lacks it.)
    if (/^\/api\/(health|metrics)(\/|$|\?)|^\/metrics(\/|$|\?)/.test(url)) return next();
    const started = Date.now();
    const done = (error?: Error) => {
      res.off('close', done);
      res.off('finish', done);
      res.off('error', done);
      const failure = error ?? (res as LoggedResponse).err;
      const errored = failure !== undefined || res.statusCode >= 500;
      const level = errored ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const { user, logFields } = observed;
      const line: Record<string, unknown> = {
        req: { id: observed.id, method: req.method, url: loggableUrl(url) },
        ...(user?.id ? { userId: user.id } : {}),
        ...(logFields?.command ? { command: logFields.command } : {}),
        ...(logFields?.loanId ? { loanId: logFields.loanId } : {}),
        res: { statusCode: res.statusCode },
        responseTime: Date.now() - started,
      };
      if (errored) logger[level]({ ...line, err: failure ?? new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
      else logger[level](line, 'request completed');
    };
    res.on('close', done);
    res.on('finish', done);
    res.on('error', done);
    next();
  };
}

/** The route pattern Express matched (`/api/loans/:id`), never the URL with its ids; unmatched requests share one label. */
export function routeLabel(req: ObservedRequest): string {
  return req.route?.path ? `${req.baseUrl ?? ''}${req.route.path}` : 'unmatched';
}

/**
 * First middleware of the API: the request id (the caller's X-Request-Id if well-formed, else a new one) set on the
 * request and echoed in the response, the correlation context for the events and jobs the request causes (and the
 * fields its log line gains from the handler: command, loan id), the HTTP
 * latency histogram, and `Connection: close` once the process is shutting down.
 */
export function observeRequests(metrics: Metrics, draining: () => boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdFrom(req.headers['x-request-id']);
    (req as ObservedRequest).id = id;
    res.setHeader('X-Request-Id', id);
    if (draining()) res.setHeader('Connection', 'close');
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.httpDuration.observe(
        { method: req.method, route: routeLabel(req as ObservedRequest), status: String(res.statusCode) },
        seconds,
      );
    });
    const logFields: RequestLogFields = {};
    (req as ObservedRequest).logFields = logFields;
    runWithCorrelation(id, next, logFields);
  };
}
