import { describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('an unreachable database, told apart from a wrong statement', () => {
  it('given the server shutting down, starting or refusing connections, when classified, then it is unavailable', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '08003', '08P01'])
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it('given a socket refused, reset or timed out, or a connection pg calls terminated, then it is unavailable', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']) expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED')], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('57P01') }))).toBe(true);
  });

  it('given a statement cut off by DATABASE_STATEMENT_TIMEOUT_MS (server or driver), then it is unavailable', () => {
    expect(isDatabaseUnavailable(withCode('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('57014', 'canceling statement due to user request'))).toBe(false);
  });

  it('given a statement error or anything else, then it is not', () => {
    for (const code of ['23505', '42P01', '40001', '57014']) expect(isDatabaseUnavailable(withCode(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
