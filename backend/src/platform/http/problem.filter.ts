import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../database/database-unavailable.js';
import { DomainError, typeOfCode, type ErrorKind } from '../errors/domain-error.js';
import { HttpProblem, type Problem } from './problem.js';

/** The one mapping from what went wrong, in the domain's words, to an HTTP status. */
const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'too-many': 429,
  unavailable: 503,
};

const TITLES: Record<number, string> = {
  400: 'Your request has invalid fields',
  401: 'Sign in required',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Request too large',
  415: 'Unsupported media type',
  422: 'Cannot be processed',
  429: 'Too many requests',
  500: 'Something went wrong on our side',
  503: 'Service unavailable',
};

const HTTP_TYPES: Record<number, string> = {
  400: 'bad-request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
};

const isJsonParseFailure = (error: unknown) => (error as { type?: unknown } | undefined)?.type === 'entity.parse.failed';

export function toProblem(error: unknown, instance?: string): Problem {
  if (error instanceof HttpProblem) {
    return {
      type: error.type,
      title: error.title,
      status: error.status,
      detail: error.message,
      message: error.message,
      instance,
      ...error.extensions,
    };
  }
  if (error instanceof DomainError) {
    const status = STATUS_BY_KIND[error.kind];
    return {
      type: typeOfCode(error.code),
      title: error.title ?? TITLES[status],
      status,
      detail: error.message,
      message: error.message,
      instance,
      code: error.code,
      ...error.details,
    };
  }
  // Nest's Express adapter wraps body-parser's JSON SyntaxError in a BadRequestException (as its `cause`).
  if (isJsonParseFailure(error) || (error instanceof HttpException && isJsonParseFailure(error.cause))) {
    const detail = 'The request body is not valid JSON.';
    return { type: 'malformed-json', title: TITLES[400], status: 400, detail, message: detail, instance };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const said = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : error.message;
    const detail = status === 413 ? 'The request body is too large (at most 100 kB).' : said;
    return {
      type: HTTP_TYPES[status] ?? `http-${status}`,
      title: TITLES[status] ?? 'Request failed',
      status,
      detail,
      message: detail,
      instance,
    };
  }
  // body-parser errors (malformed JSON, too large) carry a status and an expose flag.
  const withStatus = error as { status?: number; expose?: boolean; type?: string; message?: string };
  if (typeof withStatus?.status === 'number' && withStatus.status >= 400 && withStatus.status < 500 && withStatus.expose) {
    const status = withStatus.status;
    const detail = status === 413 ? 'The request body is too large (at most 100 kB).' : (withStatus.message ?? 'Bad request');
    return { type: HTTP_TYPES[status] ?? 'bad-request', title: TITLES[status] ?? 'Bad request', status, detail, message: detail, instance };
  }
  // PostgreSQL down, restarting or out of connections: a brief outage, not the caller's fault nor a bug (never 401/500).
  if (isDatabaseUnavailable(error)) {
    const detail = 'The service is briefly unavailable; try again in a moment.';
    return {
      type: 'service-unavailable',
      title: TITLES[503],
      status: 503,
      detail,
      message: detail,
      instance,
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  const detail = 'An unexpected error occurred. It has been logged; please try again.';
  return { type: 'internal-error', title: TITLES[500], status: 500, detail, message: detail, instance };
}

/**
 * The one place errors become RFC 9457 problem details: coded domain errors by kind, HTTP-layer problems (request
 * parsing) as they are. Nothing below the controllers knows about HTTP statuses.
 */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const problem = toProblem(error, request?.originalUrl);
    if (problem.type === 'service-unavailable')
      this.logger.warn(`${request?.method} ${request?.originalUrl}: database unavailable (${(error as Error)?.message ?? String(error)})`);
    else if (problem.status >= 500)
      this.logger.error(`${request?.method} ${request?.originalUrl}: ${(error as Error)?.stack ?? String(error)}`);
    if (response.headersSent) return;
    if (typeof problem.retryAfter === 'number') response.setHeader('Retry-After', String(problem.retryAfter));
    response.status(problem.status).type('application/problem+json').send(JSON.stringify(problem));
  }
}
