import { Injectable } from '@nestjs/common';
import { ALL_PERMISSIONS, isPermission, type Permission } from '../permissions/permissions.js';
import { ADMINISTRATOR_ROLE } from '../roles/staff-roles.repository.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { accountDisabled, deviceMismatch, sessionRevoked, unauthenticated } from './auth.errors.js';
import type { AuthenticatedUser } from './authenticated-user.js';
import { SessionCache, type CachedSession } from './session-cache.js';
import type { TokenClaims } from './token-issuer.js';

/** How stale a session's last-use mark may get before a request refreshes it. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Turns verified token claims into the caller, or the reason there is none: the session must be live and be the
 * token's current one, the user active, and (when the client names its device) the device the session is bound to.
 * HTTP requests and the presence socket both come through here. The session, its user and role are read from the
 * process's SessionCache when it can vouch for them (it hears every change: see session-cache.ts), else from
 * PostgreSQL; the checks themselves run on every request either way.
 */
@Injectable()
export class SessionAuthenticator {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
  ) {}

  async authenticate(claims: Partial<TokenClaims>, deviceIdHeader?: string): Promise<AuthenticatedUser> {
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') throw unauthenticated();
    const session = this.cache.get(claims.sid) ?? (await this.load(claims.sid));
    if (!session || session.userId !== claims.sub) throw unauthenticated();
    if (session.revokedReason) throw sessionRevoked(session.revokedReason);
    if (session.status !== 'active') throw accountDisabled();
    if (claims.tv !== session.tokenVersion)
      throw unauthenticated('This token was replaced by a newer one; use the newest token or sign in again.');
    if (deviceIdHeader && deviceIdHeader !== session.deviceId) throw deviceMismatch();
    const now = Date.now();
    if (now - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      // Marked here too, so a cached session costs one write a minute, not one per request.
      session.lastUsedAt = new Date(now);
      void this.sessions.touch(session.sessionId).catch(() => undefined);
    }
    return {
      id: session.userId,
      role: session.role,
      sessionId: session.sessionId,
      deviceId: session.deviceId,
      roleId: session.role === 'staff' ? session.staffRoleId : null,
      permissions: session.permissions,
    };
  }

  private async load(sessionId: string): Promise<CachedSession | undefined> {
    const ticket = this.cache.begin();
    const live = await this.sessions.findLive(sessionId);
    if (!live) return undefined;
    const session: CachedSession = {
      sessionId: live.id,
      userId: live.userId,
      deviceId: live.deviceId,
      tokenVersion: live.tokenVersion,
      revokedReason: live.revokedReason,
      role: live.user.role,
      status: live.user.status,
      staffRoleId: live.user.staffRoleId,
      permissions: Object.freeze(live.user.role === 'staff' ? permissionsOf(live.user.staffRoleId, live.user.rolePermissions) : []),
      lastUsedAt: live.lastUsedAt,
    };
    this.cache.store(ticket, session);
    return session;
  }
}

export function permissionsOf(roleId: string | null, stored: string[] | null): Permission[] {
  if (roleId === ADMINISTRATOR_ROLE) return [...ALL_PERMISSIONS];
  return (stored ?? []).filter(isPermission);
}
