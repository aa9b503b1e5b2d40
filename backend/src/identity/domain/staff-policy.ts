import type { Permission } from '../permissions/permissions.js';
import { lastAdministrator, ownAccount, ownPermissions, permissionEscalation, type IdentityError } from './identity.errors.js';

/**
 * The rules that stop a staff member from raising their own power, as pure functions: each answers the refusal
 * (or undefined when allowed), and the handlers throw it. Nobody can give a permission they do
 * not hold themselves, so no chain of edits by one person ends with more than that person had.
 */
export type Refusal = IdentityError;

export type StaffActor = { id: string; permissions: readonly Permission[] };

const missing = (actor: StaffActor, wanted: readonly string[]) => wanted.filter((p) => !actor.permissions.includes(p as Permission));

/** Giving a user a role (on create or edit): never to yourself, never a role holding what you do not hold. */
export function refuseRoleAssignment(
  actor: StaffActor,
  targetId: string | undefined,
  rolePermissions: readonly string[],
): Refusal | undefined {
  if (targetId === actor.id) return ownPermissions('You cannot change your own role; ask another administrator.');
  const beyond = missing(actor, rolePermissions);
  if (beyond.length > 0) {
    return permissionEscalation(`You cannot assign a role with permissions you do not hold yourself: ${beyond.join(', ')}.`);
  }
  return undefined;
}

/**
 * Writing a role's permissions (create, edit, delete): not the role you hold, and nothing beyond your own
 * permissions either way: you may add only permissions you hold, and remove only permissions you hold (removing
 * one you lack would take it from its holders on your say). `current` is what the role holds now (none for a new
 * role); deleting a role is removing all of them. Permissions the role keeps are not a change.
 */
export function refuseRoleEdit(
  actor: StaffActor & { roleId: string | null },
  roleId: string | undefined,
  permissions: readonly string[] | undefined,
  current: readonly string[] = [],
): Refusal | undefined {
  if (roleId !== undefined && roleId === actor.roleId)
    return ownPermissions('You cannot edit the role you hold; ask another administrator.');
  if (permissions === undefined) return undefined;
  const added = missing(
    actor,
    permissions.filter((p) => !current.includes(p)),
  );
  if (added.length > 0) {
    return permissionEscalation(`You cannot grant permissions you do not hold yourself: ${added.join(', ')}.`);
  }
  const removed = missing(
    actor,
    current.filter((p) => !permissions.includes(p)),
  );
  if (removed.length > 0) {
    return permissionEscalation(`You cannot take away permissions you do not hold yourself: ${removed.join(', ')}.`);
  }
  return undefined;
}

/**
 * Acting on another account (edit, disable, re-enable, change role): only on someone whose permissions you hold
 * all of. Otherwise a user manager could lock out, demote or rename a stronger colleague, or re-enable a
 * disabled administrator and sign in as them after a password reset.
 */
export function refuseActingOnStrongerAccount(
  actor: StaffActor,
  targetId: string,
  targetPermissions: readonly string[],
): Refusal | undefined {
  if (targetId === actor.id) return undefined;
  const beyond = missing(actor, targetPermissions);
  if (beyond.length > 0) {
    return permissionEscalation(`This user holds permissions you do not hold yourself (${beyond.join(', ')}); ask someone who holds them.`);
  }
  return undefined;
}

/** Disabling or re-enabling: never yourself (a locked-out administrator cannot undo it). */
export function refuseStatusChange(actor: StaffActor, targetId: string): Refusal | undefined {
  if (targetId === actor.id) return ownAccount('You cannot disable or re-enable your own account.');
  return undefined;
}

/** Someone must always be able to manage staff: the last active administrator keeps the role and stays active. */
export function refuseLosingLastAdministrator(
  activeAdministrators: number,
  targetIsActiveAdministrator: boolean,
  losesIt: boolean,
): Refusal | undefined {
  if (targetIsActiveAdministrator && losesIt && activeAdministrators <= 1) {
    return lastAdministrator('This is the last active administrator; make someone else an administrator first.');
  }
  return undefined;
}

/** Throws the policy's refusal; does nothing when the policy allows. */
export function throwIfRefused(refusal: Refusal | undefined): void {
  if (refusal) throw refusal;
}
