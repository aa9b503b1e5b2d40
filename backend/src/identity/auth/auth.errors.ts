import type { SessionRevokedReason } from '../../platform/database/schema.js';
import { IdentityError } from '../domain/identity.errors.js';

/**
 * The refusals of authentication, access and abuse limits, in one place so their types and sentences stay stable for
 * clients. The guards and the CSRF middleware are HTTP-layer code, but they throw these coded errors too: the presence
 * socket refuses with the same ones, and the one filter maps them all.
 */
export const unauthenticated = (detail = 'Sign in to continue: the token is missing, invalid or expired.') =>
  new IdentityError('AUTH.UNAUTHENTICATED', 'unauthenticated', detail, {}, 'Sign in required');

const REVOKED: Record<SessionRevokedReason, () => IdentityError> = {
  superseded: () =>
    new IdentityError(
      'AUTH.SESSION_SUPERSEDED',
      'unauthenticated',
      'Someone else logged in! This account was signed in on another device, so this session has ended.',
      {},
      'Signed in on another device',
    ),
  logout: () =>
    new IdentityError('AUTH.SESSION_REVOKED', 'unauthenticated', 'This session was signed out; sign in again.', {}, 'Signed out'),
  'password-reset': () =>
    new IdentityError(
      'AUTH.SESSION_REVOKED',
      'unauthenticated',
      'The password was reset, which ended this session; sign in with the new password.',
      {},
      'Password changed',
    ),
  disabled: () =>
    new IdentityError(
      'AUTH.ACCOUNT_DISABLED',
      'unauthenticated',
      'This account has been disabled; ask an administrator.',
      {},
      'Account disabled',
    ),
};

export const sessionRevoked = (reason: SessionRevokedReason): IdentityError => REVOKED[reason]();

export const deviceMismatch = () =>
  new IdentityError(
    'AUTH.DEVICE_MISMATCH',
    'unauthenticated',
    'This token belongs to another device; sign in on this one.',
    {},
    'Token used from another device',
  );

export const accountDisabled = () => REVOKED.disabled();

export const missingPermission = (permission: string) =>
  new IdentityError(
    'AUTH.MISSING_PERMISSION',
    'forbidden',
    `This action needs the ${permission} permission, which your role does not have.`,
    { permission },
  );

export const roleRequired = (roles: readonly string[]) =>
  new IdentityError('AUTH.FORBIDDEN', 'forbidden', `This action needs the ${roles.join(' or ')} role.`);

export const noAccessRule = () =>
  new IdentityError('AUTH.NO_ACCESS_RULE', 'forbidden', 'This route declares no access rule, so it is closed.');

export const csrfRefused = () =>
  new IdentityError(
    'AUTH.CSRF_REFUSED',
    'forbidden',
    'This change was refused: it carries only the sign-in cookie and does not come from our own pages. Send the token in the Authorization header, or use the product from its own address.',
  );

/** An abuse limit; `retryAfter` (seconds) also becomes the Retry-After header. */
export const tooManyRequests = (detail: string, retryAfter: number) =>
  new IdentityError('AUTH.TOO_MANY_REQUESTS', 'too-many', detail, { retryAfter });

export const serverBusy = () =>
  new IdentityError(
    'AUTH.SERVER_BUSY',
    'unavailable',
    'The server is busy checking other passwords; try again in a few seconds.',
    { retryAfter: 2 },
    'Server busy',
  );

/** Refusals of the presence socket's handshake. */
export const originRefused = () =>
  new IdentityError('AUTH.ORIGIN_REFUSED', 'forbidden', 'This page is not one of ours: the presence connection is refused.');
export const tooManyConnections = (detail: string) => new IdentityError('AUTH.TOO_MANY_CONNECTIONS', 'too-many', detail);
