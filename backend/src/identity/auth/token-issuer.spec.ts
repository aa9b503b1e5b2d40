import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { loadConfig } from '../../platform/config/config.js';
import { TokenIssuer, type TokenClaims } from './token-issuer.js';

const claims: TokenClaims = { sub: 'u-1', role: 'staff', sid: 's-1', dev: 'd-1', tv: 1 };
const issuerWith = (jwt: JwtService) => new TokenIssuer(jwt, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test-secret-0123456789abcdef' }));

afterEach(() => {
  jest.useRealTimers();
});

describe('TokenIssuer.verify', () => {
  it('given a token verified once, when it is verified again, then its claims answer without checking the signature again', () => {
    const jwt = new JwtService({});
    const tokens = issuerWith(jwt);
    const token = tokens.issue(claims);
    const checks = jest.spyOn(jwt, 'verify');
    expect(tokens.verify(token)).toMatchObject(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
    expect(checks).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(tokens.verify(token))).toBe(true);
  });

  it('given a verified token, when one byte of its signature changes, then the changed text is refused', () => {
    const tokens = issuerWith(new JwtService({}));
    const token = tokens.issue(claims);
    tokens.verify(token);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    expect(() => tokens.verify(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toThrow();
  });

  it('given a verified token, when its expiry passes, then it is refused though it was verified before', () => {
    jest.useFakeTimers({ now: new Date('2026-12-06T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const tokens = issuerWith(new JwtService({}));
    const token = tokens.issue(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
    jest.setSystemTime(new Date('2027-12-06T10:00:00Z'));
    expect(() => tokens.verify(token)).toThrow(/expired/);
  });

  it('given a token signed with another secret, then it is refused', () => {
    const other = new TokenIssuer(new JwtService({}), loadConfig({ NODE_ENV: 'test', JWT_SECRET: randomBytes(24).toString('hex') }));
    expect(() => issuerWith(new JwtService({})).verify(other.issue(claims))).toThrow();
  });
});
