import { describe, expect, it } from '@jest/globals';
import { clearCookie, requestCookie, setCookie } from './cookies.js';

const replyCapturing = () => {
  const headers: [string, string][] = [];
  return { headers, reply: { header: (name: string, value: string) => headers.push([name, value]) } };
};

describe('cookies', () => {
  it('given a Cookie header, when one cookie is read, then only that name answers, decoded', () => {
    expect(requestCookie({ cookie: 'theme=dark; token=abc%20def; xtoken=no' }, 'token')).toBe('abc def');
    expect(requestCookie({ cookie: 'xtoken=no; tokenx=no' }, 'token')).toBeUndefined();
    expect(requestCookie({ cookie: 'token=' }, 'token')).toBeUndefined();
    expect(requestCookie({}, 'token')).toBeUndefined();
  });

  it('given a lifetime in milliseconds, when a cookie is set, then Max-Age is in seconds beside Expires and the flags', () => {
    const { headers, reply } = replyCapturing();
    setCookie(reply, 'token', 'jwt', { maxAgeMs: 180 * 24 * 60 * 60 * 1000, httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
    expect(headers).toHaveLength(1);
    expect(headers[0][0]).toBe('Set-Cookie');
    expect(headers[0][1]).toMatch(/^token=jwt; Max-Age=15552000; Path=\/; Expires=.+ GMT; HttpOnly; SameSite=Lax$/);
  });

  it('when a cookie is cleared, then it is empty and expired in 1970, with the same path and flags', () => {
    const { headers, reply } = replyCapturing();
    clearCookie(reply, 'token', { httpOnly: true, sameSite: 'lax', secure: true, path: '/' });
    expect(headers).toEqual([['Set-Cookie', 'token=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax']]);
  });
});
