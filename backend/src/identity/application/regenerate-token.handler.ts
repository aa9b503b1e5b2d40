import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { unauthenticated } from '../auth/auth.errors.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { DEVICE_RELOAD, PresenceRepository } from '../presence/presence.repository.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { SessionCache } from '../auth/session-cache.js';

export class RegenerateToken extends Command<{ token: string }> {
  constructor(readonly caller: AuthenticatedUser) {
    super();
  }
}

/**
 * A fresh token for the caller's own session (the spec's client sent a shared secret; here the current session is
 * the proof). Older tokens of the session stop working, and a pending 'devicereload' mark returns to the device id.
 */
@CommandHandler(RegenerateToken)
export class RegenerateTokenHandler implements ICommandHandler<RegenerateToken> {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
    private readonly tokens: TokenIssuer,
    private readonly presence: PresenceRepository,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ caller }: RegenerateToken): Promise<{ token: string }> {
    await this.limits.consume('token-regenerations', caller.sessionId);
    const session = await this.sessions.nextTokenVersion(caller.sessionId);
    if (!session) throw unauthenticated('This session has ended; sign in again.');
    // The older tokens stop working in every API process before the new one is handed out.
    await this.cache.settle();
    const current = await this.presence.find(caller.id);
    if (current?.device === DEVICE_RELOAD) await this.presence.setDevice(caller.id, session.deviceId);
    return {
      token: this.tokens.issue({ sub: caller.id, role: caller.role, sid: session.id, dev: session.deviceId, tv: session.tokenVersion }),
    };
  }
}
