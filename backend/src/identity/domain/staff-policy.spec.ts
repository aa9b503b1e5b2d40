import { describe, expect, it } from '@jest/globals';
import { ALL_PERMISSIONS, type Permission } from '../permissions/permissions.js';
import { refuseLosingLastAdministrator, refuseRoleAssignment, refuseRoleEdit, refuseStatusChange } from './staff-policy.js';

const admin = { id: 'admin', roleId: 'administrator', permissions: ALL_PERMISSIONS };
const manager = { id: 'manager', roleId: 'staff-manager', permissions: ['users.view', 'users.manage', 'loans.view'] as Permission[] };

describe('staff policy: nobody raises their own power', () => {
  it('an administrator may assign any role to someone else', () => {
    expect(refuseRoleAssignment(admin, 'other', ALL_PERMISSIONS)).toBeUndefined();
  });

  it('nobody may change their own role, not even an administrator', () => {
    expect(refuseRoleAssignment(admin, 'admin', ['loans.view'])).toMatchObject({ status: 403, type: 'own-permissions' });
    expect(refuseRoleAssignment(manager, 'manager', [])).toMatchObject({ status: 403, type: 'own-permissions' });
  });

  it('a manager may assign a role within their own permissions, and not one beyond them', () => {
    expect(refuseRoleAssignment(manager, 'other', ['loans.view'])).toBeUndefined();
    expect(refuseRoleAssignment(manager, undefined, ['loans.view', 'users.view'])).toBeUndefined();
    const refusal = refuseRoleAssignment(manager, 'other', ['loans.view', 'loans.disburse', 'roles.manage']);
    expect(refusal).toMatchObject({ status: 403, type: 'permission-escalation' });
    expect(refusal!.detail).toContain('loans.disburse, roles.manage');
  });

  it('nobody may edit the role they hold', () => {
    expect(refuseRoleEdit(manager, 'staff-manager', ['loans.view'])).toMatchObject({ type: 'own-permissions' });
    expect(refuseRoleEdit(admin, 'administrator', undefined)).toMatchObject({ type: 'own-permissions' });
  });

  it('a role may be created or edited only with permissions the editor holds', () => {
    expect(refuseRoleEdit(manager, undefined, ['loans.view'])).toBeUndefined();
    expect(refuseRoleEdit(manager, 'viewer', ['users.view'])).toBeUndefined();
    expect(refuseRoleEdit(manager, 'viewer', ['loans.disburse'])).toMatchObject({ status: 403, type: 'permission-escalation' });
    expect(refuseRoleEdit(manager, 'viewer', undefined)).toBeUndefined();
  });

  it('nobody may disable themselves', () => {
    expect(refuseStatusChange(admin, 'admin')).toMatchObject({ status: 403, type: 'own-account' });
    expect(refuseStatusChange(admin, 'other')).toBeUndefined();
  });

  it('the last active administrator cannot lose the role or be disabled', () => {
    expect(refuseLosingLastAdministrator(1, true, true)).toMatchObject({ status: 409, type: 'last-administrator' });
    expect(refuseLosingLastAdministrator(2, true, true)).toBeUndefined();
    expect(refuseLosingLastAdministrator(1, false, true)).toBeUndefined();
    expect(refuseLosingLastAdministrator(1, true, false)).toBeUndefined();
  });
});
