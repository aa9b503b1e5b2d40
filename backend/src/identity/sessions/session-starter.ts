import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { TokenIssuer } from '../auth/token-issuer.js';
import { DEVICE_NOTIFIER, type DeviceNotifier } from '../presence/device-notifier.js';
import { UserPermissions } from '../roles/user-permissions.js';
import { publicUser, type UserRecord } from '../users/user.record.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionCache } from '../auth/session-cache.js';

/** Where a sign-in comes from: the browser's device id (generated here if the client sent none), address and agent. */
export type SignInContext = { deviceId?: string; ip?: string; userAgent?: string };

/**
 * Every way of signing in ends here: a new session on the caller's device becomes the user's only live one; the
 * sessions it replaced end on the server, and their open pages are told `device-changed`.
 */
@Injectable()
export class SessionStarter {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
    private readonly tokens: TokenIssuer,
    private readonly permissions: UserPermissions,
    @Inject(DEVICE_NOTIFIER) private readonly notifier: DeviceNotifier,
  ) {}

  async start(user: UserRecord, context: SignInContext) {
    const deviceId = context.deviceId ?? randomUUID();
    const { session, superseded } = await this.sessions.open(user.id, deviceId, context);
    // The replaced sessions are out of every API process's cache before the new token is handed out.
    if (superseded.length > 0) await this.cache.settle();
    this.notifier.deviceChanged(superseded, deviceId);
    const token = this.tokens.issue({ sub: user.id, role: user.role, sid: session.id, dev: deviceId, tv: session.tokenVersion });
    return { token, deviceId, user: publicUser(user, await this.permissions.of(user)) };
  }
}
