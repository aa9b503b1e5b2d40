import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DEVICE_NOTIFIER, type DeviceNotifier } from '../presence/device-notifier.js';
import { DEVICE_RELOAD, PresenceRepository } from '../presence/presence.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { userNotFound } from '../domain/identity.errors.js';

export class ReloadUserDevice extends Command<{ id: string; device: string }> {
  constructor(readonly userId: string) {
    super();
  }
}

/** Marks the user's device 'devicereload': their open pages fetch a fresh token (POST /api/token/regenerate) and reload. */
@CommandHandler(ReloadUserDevice)
export class ReloadUserDeviceHandler implements ICommandHandler<ReloadUserDevice> {
  constructor(
    private readonly users: UsersRepository,
    private readonly presence: PresenceRepository,
    @Inject(DEVICE_NOTIFIER) private readonly notifier: DeviceNotifier,
  ) {}

  async execute({ userId }: ReloadUserDevice) {
    if (!(await this.users.findById(userId))) throw userNotFound(userId);
    await this.presence.setDevice(userId, DEVICE_RELOAD);
    this.notifier.deviceReload(userId);
    return { id: userId, device: DEVICE_RELOAD };
  }
}
