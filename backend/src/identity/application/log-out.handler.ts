import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
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
    @Inject(DEVICE_NOTIFIER) private readonly notifier: DeviceNotifier,
  ) {}

  async execute({ sessionId }: LogOut): Promise<void> {
    await this.sessions.revoke(sessionId, 'logout');
    this.notifier.sessionsEnded([sessionId], 'logout');
  }
}
