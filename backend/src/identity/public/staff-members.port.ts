import type { Permission } from '../permissions/permissions.js';

/** A staff member as other contexts may see them: who they are and whether they may still sign in. */
export type StaffMember = { id: string; name: string; email: string; active: boolean };

/**
 * Identity's staff, for the other contexts (e.g. whom a lead may be assigned to). Also the DI token (Nest injects
 * abstract classes by type).
 */
export abstract class StaffMembers {
  /** The staff member; undefined for an unknown id or a user who is not staff. */
  abstract memberOf(id: string): Promise<StaffMember | undefined>;

  /** The staff members with those ids, in no particular order. */
  abstract membersOf(ids: readonly string[]): Promise<StaffMember[]>;

  /** Every active staff member, by name. */
  abstract activeMembers(): Promise<StaffMember[]>;

  /** The active staff members whose role grants the permission (the administrator holds every one), by name; only those among `ids` when given. */
  abstract activeMembersWith(permission: Permission, ids?: readonly string[]): Promise<StaffMember[]>;
}
