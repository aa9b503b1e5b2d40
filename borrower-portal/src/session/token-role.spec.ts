import { describe, expect, it } from 'vitest';
import { tokenRole } from './token-role';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (claims: object) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;

describe('the role a stored token names', () => {
  it('given a staff member’s token (signed in to the console in this browser), then staff', () => {
    expect(tokenRole(token({ sub: 'u1', role: 'staff', sid: 's', dev: 'd', tv: 1 }))).toBe('staff');
  });

  it('given a borrower’s token, then borrower', () => {
    expect(tokenRole(token({ sub: 'b1', role: 'borrower', sid: 's', dev: 'd', tv: 1 }))).toBe('borrower');
  });

  it('given a payload whose base64url needs padding and uses - and _, then it is still read', () => {
    expect(tokenRole(token({ sub: '~~~>>>???', role: 'staff', n: 'ab' }))).toBe('staff');
  });

  it('given something that is not a token, or names no known role, then null', () => {
    expect(tokenRole('not-a-token')).toBeNull();
    expect(tokenRole('a.%%%.c')).toBeNull();
    expect(tokenRole(token({ sub: 'x', role: 'admin' }))).toBeNull();
  });
});
