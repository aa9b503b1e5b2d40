import type { SignedInStaff } from '@lending/web-common/api';
import { ALL_ACCESS, type Permissions } from '../permissions/canAccess';

/**
 * The signed-in staff member as GET /api/users/admin answers it, and the permissions the console grants them: the
 * one reading of that answer, shared by the auth provider (authProvider.ts) and the requests the entry chunk starts
 * before react-admin has loaded (startup-requests.ts). Plain TypeScript, no react-admin: it is in the entry chunk.
 */
export type SignedInUser = SignedInStaff['user'] & {
  /** Development only: the server says the first staff user still has the default password. */
  defaultPasswordInUse?: boolean;
};

/** The staff member from the body of GET /api/users/admin (`{ user, defaultPasswordInUse? }`). */
export function parseSignedInUser(json: unknown): SignedInUser {
  const body = json as SignedInStaff;
  return { ...body.user, defaultPasswordInUse: body.defaultPasswordInUse === true };
}

export function permissionsOf(user: SignedInUser): Permissions {
  // A server that sends no permission list authorizes staff by role alone: everything is visible.
  return Array.isArray(user.permissions) ? user.permissions : ALL_ACCESS;
}
