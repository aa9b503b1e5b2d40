import { Injectable } from '@nestjs/common';
import { ALL_PERMISSIONS, isPermission, type Permission } from '../permissions/permissions.js';
import { ADMINISTRATOR_ROLE } from '../roles/staff-roles.repository.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { accountDisabled, deviceMismatch, sessionRevoked, unauthenticated } from './auth.errors.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import type { TokenClaims } from './token-issuer.js';

/** How stale a session's last-use mark may get before a request refreshes it. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Turns verified token claims into the caller, or the reason there is none: the session must be live and be the
 * token's current one, the user active, and (when the client names its device) the device the session is bound to.
 * HTTP requests and the presence socket both come through here.
 */
@Injectable()
export class SessionAuthenticator {
  constructor(private readonly sessions: SessionsRepository) {}

  async authenticate(claims: Partial<TokenClaims>, deviceIdHeader?: string): Promise<AuthenticatedUser> {
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') throw unauthenticated();
    const session = await this.sessions.findLive(claims.sid);
    if (!session || session.userId !== claims.sub) throw unauthenticated();
    if (session.revokedReason) throw sessionRevoked(session.revokedReason);
    if (session.user.status !== 'active') throw accountDisabled();
    if (claims.tv !== session.tokenVersion) throw unauthenticated('This token was replaced by a newer one; use the newest token or sign in again.');
    if (deviceIdHeader && deviceIdHeader !== session.deviceId) throw deviceMismatch();
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) void this.sessions.touch(session.id).catch(() => undefined);
    return {
      id: session.userId,
      role: session.user.role,
      sessionId: session.id,
      deviceId: session.deviceId,
      roleId: session.user.role === 'staff' ? session.user.staffRoleId : null,
      permissions: session.user.role === 'staff' ? permissionsOf(session.user.staffRoleId, session.user.rolePermissions) : [],
    };
  }
}

export function permissionsOf(roleId: string | null, stored: string[] | null): Permission[] {
  if (roleId === ADMINISTRATOR_ROLE) return [...ALL_PERMISSIONS];
  return (stored ?? []).filter(isPermission);
}
