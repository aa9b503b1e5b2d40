import { Injectable } from '@nestjs/common';
import { permissionsOf } from '../auth/session-authenticator.js';
import type { Permission } from '../permissions/permissions.js';
import type { UserRecord } from '../users/user.record.js';
import { StaffRolesRepository } from './staff-roles.repository.js';

/** The permissions a user holds through their staff role (none for borrowers). */
@Injectable()
export class UserPermissions {
  constructor(private readonly roles: StaffRolesRepository) {}

  async of(user: Pick<UserRecord, 'role' | 'staffRoleId'>): Promise<Permission[]> {
    if (user.role !== 'staff' || !user.staffRoleId) return [];
    const role = await this.roles.find(user.staffRoleId);
    return permissionsOf(user.staffRoleId, role?.permissions ?? []);
  }
}
