import { HttpProblem } from '../../platform/http/problem.js';
import type { SessionRevokedReason } from '../../platform/database/schema.js';

/** The 401 and 403 answers of identity, in one place so their types and sentences stay stable for clients. */
export const unauthenticated = (detail = 'Sign in to continue: the token is missing, invalid or expired.') =>
  new HttpProblem(401, 'unauthenticated', 'Sign in required', detail);

const REVOKED: Record<SessionRevokedReason, HttpProblem> = {
  superseded: new HttpProblem(401, 'session-superseded', 'Signed in on another device', 'Someone else logged in! This account was signed in on another device, so this session has ended.'),
  logout: new HttpProblem(401, 'session-revoked', 'Signed out', 'This session was signed out; sign in again.'),
  'password-reset': new HttpProblem(401, 'session-revoked', 'Password changed', 'The password was reset, which ended this session; sign in with the new password.'),
  disabled: new HttpProblem(401, 'account-disabled', 'Account disabled', 'This account has been disabled; ask an administrator.'),
};

export const sessionRevoked = (reason: SessionRevokedReason): HttpProblem => REVOKED[reason];

export const deviceMismatch = () =>
  new HttpProblem(401, 'device-mismatch', 'Token used from another device', 'This token belongs to another device; sign in on this one.');

export const accountDisabled = () => REVOKED.disabled;

export const missingPermission = (permission: string) =>
  new HttpProblem(403, 'missing-permission', 'Not allowed', `This action needs the ${permission} permission, which your role does not have.`, { permission });
