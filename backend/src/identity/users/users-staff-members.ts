import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DB, type Db } from '../../platform/database/database.js';
import type { Permission } from '../permissions/permissions.js';
import { ADMINISTRATOR_ROLE } from '../roles/staff-roles.repository.js';
import { StaffMembers, type StaffMember } from '../public/staff-members.port.js';

/** StaffMembers over identity's `users` table. */
@Injectable()
export class UsersStaffMembers extends StaffMembers {
  constructor(@Inject(DB) private readonly db: Db) {
    super();
  }

  private staff() {
    return this.db.selectFrom('users').select(['id', 'name', 'email', 'status']).where('role', '=', 'staff');
  }

  async memberOf(id: string): Promise<StaffMember | undefined> {
    return (await this.membersOf([id]))[0];
  }

  async membersOf(ids: readonly string[]): Promise<StaffMember[]> {
    if (ids.length === 0) return [];
    return (
      await this.staff()
        .where('id', 'in', [...ids])
        .execute()
    ).map(member);
  }

  async activeMembers(): Promise<StaffMember[]> {
    return (await this.staff().where('status', '=', 'active').orderBy('name').orderBy('id').limit(1000).execute()).map(member);
  }

  async activeMembersWith(permission: Permission, ids?: readonly string[]): Promise<StaffMember[]> {
    if (ids !== undefined && ids.length === 0) return [];
    let query = this.db
      .selectFrom('users as u')
      .innerJoin('staff_roles as r', 'r.id', 'u.staff_role_id')
      .select(['u.id', 'u.name', 'u.email', 'u.status'])
      .where('u.role', '=', 'staff')
      .where('u.status', '=', 'active')
      .where((eb) => eb.or([eb('r.id', '=', ADMINISTRATOR_ROLE), sql<boolean>`${permission} = ANY(r.permissions)`]));
    if (ids !== undefined) query = query.where('u.id', 'in', [...ids]);
    return (await query.orderBy('u.name').orderBy('u.id').limit(1000).execute()).map(member);
  }
}

const member = (r: { id: string; name: string; email: string; status: 'active' | 'disabled' }): StaffMember => ({
  id: r.id,
  name: r.name,
  email: r.email,
  active: r.status === 'active',
});
