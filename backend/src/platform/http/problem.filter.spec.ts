import { describe, expect, it } from '@jest/globals';
import { NotFoundException } from '@nestjs/common';
import { DomainError, type ErrorKind } from '../errors/domain-error.js';
import { ConcurrencyError } from '../event-store/event-store.errors.js';
import { HttpProblem, RequestValidationFailed } from './problem.js';
import { toProblem } from './problem.filter.js';

class FakeDomainError extends DomainError {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message, details);
  }
}

describe('errors as RFC 9457 problem details', () => {
  it('map domain errors by kind to statuses, and by code to stable types, keeping their details', () => {
    const p = toProblem(
      new FakeDomainError('LOAN.ILLEGAL_TRANSITION', 'conflict', 'Cannot accept a loan in state new', {
        currentState: 'new',
        allowedActions: ['submit'],
      }),
      '/x',
    );
    expect(p).toMatchObject({
      status: 409,
      type: 'illegal-transition',
      detail: 'Cannot accept a loan in state new',
      message: 'Cannot accept a loan in state new',
      currentState: 'new',
      allowedActions: ['submit'],
      instance: '/x',
    });
    expect(toProblem(new FakeDomainError('LOAN.NOT_FOUND', 'not-found', 'gone')).status).toBe(404);
    expect(
      toProblem(new FakeDomainError('LOAN.INVALID_INPUT', 'invalid', 'bad', { fields: [{ name: 'amount', message: 'too big' }] })),
    ).toMatchObject({ status: 400, fields: [{ name: 'amount', message: 'too big' }] });
    expect(toProblem(new ConcurrencyError('loan-1', 2, 3))).toMatchObject({
      status: 409,
      type: 'concurrency',
      code: 'EVENT_STORE.CONCURRENCY',
    });
    const limited = toProblem(new FakeDomainError('AUTH.TOO_MANY_REQUESTS', 'too-many', 'Slow down.', { retryAfter: 60 }));
    expect(limited).toMatchObject({ status: 429, type: 'too-many-requests', title: 'Too many requests', retryAfter: 60 });
  });

  it('answer PostgreSQL being unavailable with 503 service-unavailable and a Retry-After, never 500', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(toProblem(terminated, '/x')).toMatchObject({
      status: 503,
      type: 'service-unavailable',
      retryAfter: 5,
      message: 'The service is briefly unavailable; try again in a moment.',
    });
    expect(toProblem(new Error('timeout exceeded when trying to connect'))).toMatchObject({ status: 503, type: 'service-unavailable' });
    expect(toProblem(new Error('boom'))).toMatchObject({ status: 500, type: 'internal-error' });
  });

  it('list each invalid field', () => {
    const p = toProblem(
      new RequestValidationFailed([
        { name: 'email', message: 'must be a valid email address' },
        { name: 'password', message: 'password must be at least 8 characters' },
      ]),
    );
    expect(p).toMatchObject({
      status: 400,
      type: 'validation-failed',
      detail: 'email: must be a valid email address; password must be at least 8 characters',
    });
    expect(p.fields).toHaveLength(2);
  });

  it('keep HTTP problems and Nest exceptions readable', () => {
    expect(toProblem(new HttpProblem(401, 'unauthenticated', 'Sign in required', 'Sign in to continue.'))).toMatchObject({
      status: 401,
      type: 'unauthenticated',
      message: 'Sign in to continue.',
    });
    expect(toProblem(new NotFoundException('Cannot GET /api/nope'))).toMatchObject({
      status: 404,
      type: 'not-found',
      detail: 'Cannot GET /api/nope',
    });
  });

  it('never leak an unexpected error', () => {
    const p = toProblem(new Error('relation "secret_table" does not exist at /srv/app.js:12'));
    expect(p).toMatchObject({ status: 500, type: 'internal-error' });
    expect(JSON.stringify(p)).not.toMatch(/secret_table|app\.js/);
  });
});
