import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthenticatedUser } from '../../auth/authenticated-user.js';
import { permissionsOf } from '../../auth/session-authenticator.js';
import {
  throwIfRefused,
  refuseActingOnStrongerAccount,
  refuseLosingLastAdministrator,
  refuseRoleAssignment,
  refuseStatusChange,
} from '../../domain/staff-policy.js';
import { DEVICE_NOTIFIER, type DeviceNotifier } from '../../presence/device-notifier.js';
import { ADMINISTRATOR_ROLE, StaffRolesRepository } from '../../roles/staff-roles.repository.js';
import { SessionsRepository } from '../../sessions/sessions.repository.js';
import { StaffDirectory, type StaffView } from '../../users/staff-directory.js';
import { rethrowAsAlreadyInUse, UsersRepository } from '../../users/users.repository.js';
import { staffUserNotFound, unknownRole } from '../../domain/identity.errors.js';
import { SessionCache } from '../../auth/session-cache.js';

export type StaffUserChange = { name?: string; phone?: string | null; roleId?: string; status?: 'active' | 'disabled' };

export class UpdateStaffUser extends Command<StaffView> {
  constructor(
    readonly actor: AuthenticatedUser,
    readonly id: string,
    readonly change: StaffUserChange,
  ) {
    super();
  }
}

/**
 * Edits a staff user (PUT, and DELETE which disables). Only someone who holds every permission the user holds may
 * touch them at all; a new role must be within the editor's own permissions and never the editor's own; disabling
 * ends the user's sessions at once. The last active administrator keeps both role and access.
 *
 * Check and write happen in one transaction under the staff-accounts lock, reading the user (and their roles) again
 * inside it: two administrators disabling each other at once are decided one after the other, so one stays.
 */
@CommandHandler(UpdateStaffUser)
export class UpdateStaffUserHandler implements ICommandHandler<UpdateStaffUser> {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly cache: SessionCache,
    private readonly directory: StaffDirectory,
    @Inject(DEVICE_NOTIFIER) private readonly notifier: DeviceNotifier,
  ) {}

  async execute({ actor, id, change }: UpdateStaffUser): Promise<StaffView> {
    const { disabled, accessChanged } = await this.users.inStaffAccountsLock(async (users, trx) => {
      const roles = new StaffRolesRepository(trx);
      const target = await users.findById(id);
      if (!target || target.role !== 'staff') throw staffUserNotFound(id);
      const held = target.staffRoleId ? await roles.findShareLocked(target.staffRoleId) : undefined;
      throwIfRefused(refuseActingOnStrongerAccount(actor, id, permissionsOf(target.staffRoleId, held?.permissions ?? null)));
      const roleChanges = change.roleId !== undefined && change.roleId !== target.staffRoleId;
      const statusChanges = change.status !== undefined && change.status !== target.status;
      if (roleChanges) {
        const role = await roles.findShareLocked(change.roleId!);
        if (!role) throw unknownRole(change.roleId!);
        throwIfRefused(refuseRoleAssignment(actor, id, permissionsOf(role.id, role.permissions)));
      }
      if (statusChanges) throwIfRefused(refuseStatusChange(actor, id));
      const isActiveAdministrator = target.status === 'active' && target.staffRoleId === ADMINISTRATOR_ROLE;
      const losesIt = (roleChanges && change.roleId !== ADMINISTRATOR_ROLE) || change.status === 'disabled';
      if (isActiveAdministrator && losesIt) {
        throwIfRefused(refuseLosingLastAdministrator(await users.countActiveStaffWithRole(ADMINISTRATOR_ROLE), true, true));
      }
      try {
        await users.update(id, {
          name: change.name,
          phone: change.phone,
          staffRoleId: roleChanges ? change.roleId : undefined,
          status: statusChanges ? change.status : undefined,
        });
      } catch (error) {
        rethrowAsAlreadyInUse(error);
      }
      return { disabled: statusChanges && change.status === 'disabled', accessChanged: roleChanges || statusChanges };
    });
    const ended = disabled ? await this.sessions.revokeAllOf(id, 'disabled') : [];
    // The new role or status applies in every API process (each has dropped the user from its cache) before this answers.
    if (accessChanged) await this.cache.settle();
    if (disabled) this.notifier.sessionsEnded(ended, 'disabled');
    // Staff who lost users.view (or their account) stop hearing who comes online before this answer goes out.
    if (accessChanged) await this.notifier.staffAccessChanged().catch(() => undefined);
    return (await this.directory.find(id))!;
  }
}
