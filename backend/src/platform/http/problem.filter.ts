import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  // Fastify's own refusals of a request before any handler (body too large, a content length that lies, an empty
  // JSON body): a `FST_` code and a 4xx statusCode.
  const fastifyError = error as { statusCode?: number; code?: unknown; message?: string };
  const status = fastifyError?.statusCode;
  if (
    typeof fastifyError?.code === 'string' &&
    fastifyError.code.startsWith('FST_') &&
    typeof status === 'number' &&
    status >= 400 &&
    status < 500
  ) {
    const detail = status === 413 ? 'The request body is too large (at most 100 kB).' : (fastifyError.message ?? 'Bad request');
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

/** Answers `error` as problem details (what the filter below does), for the hooks that refuse a request before routing. */
export function sendProblem(reply: FastifyReply, error: unknown, instance?: string): void {
  const problem = toProblem(error, instance);
  if (typeof problem.retryAfter === 'number') reply.header('Retry-After', String(problem.retryAfter));
  reply.code(problem.status).type('application/problem+json').send(JSON.stringify(problem));
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
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const problem = toProblem(error, request?.url);
    if (problem.type === 'service-unavailable')
      this.logger.warn(`${request?.method} ${request?.url}: database unavailable (${(error as Error)?.message ?? String(error)})`);
    else if (problem.status >= 500) this.logger.error(`${request?.method} ${request?.url}: ${(error as Error)?.stack ?? String(error)}`);
    if (reply.sent) return;
    if (typeof problem.retryAfter === 'number') reply.header('Retry-After', String(problem.retryAfter));
    reply.code(problem.status).type('application/problem+json').send(JSON.stringify(problem));
  }
}
