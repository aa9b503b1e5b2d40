import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthenticatedUser } from '../../auth/authenticated-user.js';
import { throwIfRefused, refuseRoleEdit } from '../../domain/staff-policy.js';
import { DEVICE_NOTIFIER, type DeviceNotifier } from '../../presence/device-notifier.js';
import { ADMINISTRATOR_ROLE, DuplicateRoleName, StaffRolesRepository, type StaffRoleRecord } from '../../roles/staff-roles.repository.js';
import { administratorIsFixed, duplicateRoleName, roleNotFound } from '../../domain/identity.errors.js';
import { SessionCache } from '../../auth/session-cache.js';

export class UpdateRole extends Command<StaffRoleRecord> {
  constructor(
    readonly actor: AuthenticatedUser,
    readonly id: string,
    readonly change: { name?: string; description?: string; permissions?: string[] },
  ) {
    super();
  }
}

/**
 * Changes apply at once: permissions are read on every request, so holders gain or lose them on their next click.
 * The editor may add and remove only permissions they hold themselves; checked and written under the role's row
 * lock, so the permissions checked are the ones replaced.
 */
@CommandHandler(UpdateRole)
export class UpdateRoleHandler implements ICommandHandler<UpdateRole> {
  constructor(
    private readonly roles: StaffRolesRepository,
    private readonly cache: SessionCache,
    @Inject(DEVICE_NOTIFIER) private readonly notifier: DeviceNotifier,
  ) {}

  async execute({ actor, id, change }: UpdateRole): Promise<StaffRoleRecord> {
    const updated = await this.roles.inRoleLock(id, async (roles, role) => {
      if (!role) throw roleNotFound(id);
      if (id === ADMINISTRATOR_ROLE) throw administratorIsFixed();
      throwIfRefused(refuseRoleEdit(actor, id, change.permissions, role.permissions));
      try {
        return (await roles.update(id, {
          ...change,
          permissions: change.permissions ? [...new Set(change.permissions)].sort() : undefined,
        }))!;
      } catch (error) {
        if (error instanceof DuplicateRoleName) throw duplicateRoleName(change.name ?? role.name);
        throw error;
      }
    });
    // Holders who lost users.view stop hearing who comes online before this answer goes out.
    // Every API process has dropped the role's holders from its cache before this answers.
    if (change.permissions) await this.cache.settle();
    if (change.permissions) await this.notifier.staffAccessChanged().catch(() => undefined);
    return updated;
  }
}
