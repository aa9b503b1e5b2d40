import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionCache } from '../auth/session-cache.js';
import { DEVICE_NOTIFIER, type DeviceNotifier } from '../presence/device-notifier.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';

export class LogOut extends Command<void> {
  constructor(readonly sessionId: string) {
    super();
  }
}

/** Ends the session on the server: the token stops working everywhere, not only in this browser. */
@CommandHandler(LogOut)
export class LogOutHandler implements ICommandHandler<LogOut> {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
    @Inject(DEVICE_NOTIFIER) private readonly notifier: DeviceNotifier,
  ) {}

  async execute({ sessionId }: LogOut): Promise<void> {
    await this.sessions.revoke(sessionId, 'logout');
    // Every API process has dropped the session from its cache before the caller hears it ended.
    await this.cache.settle();
    this.notifier.sessionsEnded([sessionId], 'logout');
  }
}
