import { describe, expect, it } from '@jest/globals';
import { ALL_PERMISSIONS, type Permission } from '../permissions/permissions.js';
import {
  refuseActingOnStrongerAccount,
  refuseLosingLastAdministrator,
  refuseRoleAssignment,
  refuseRoleEdit,
  refuseStatusChange,
} from './staff-policy.js';

const admin = { id: 'admin', roleId: 'administrator', permissions: ALL_PERMISSIONS };
const manager = { id: 'manager', roleId: 'staff-manager', permissions: ['users.view', 'users.manage', 'loans.view'] as Permission[] };

describe('staff policy: nobody raises their own power', () => {
  it('an administrator may assign any role to someone else', () => {
    expect(refuseRoleAssignment(admin, 'other', ALL_PERMISSIONS)).toBeUndefined();
  });

  it('nobody may change their own role, not even an administrator', () => {
    expect(refuseRoleAssignment(admin, 'admin', ['loans.view'])).toMatchObject({ kind: 'forbidden', code: 'STAFF.OWN_PERMISSIONS' });
    expect(refuseRoleAssignment(manager, 'manager', [])).toMatchObject({ kind: 'forbidden', code: 'STAFF.OWN_PERMISSIONS' });
  });

  it('a manager may assign a role within their own permissions, and not one beyond them', () => {
    expect(refuseRoleAssignment(manager, 'other', ['loans.view'])).toBeUndefined();
    expect(refuseRoleAssignment(manager, undefined, ['loans.view', 'users.view'])).toBeUndefined();
    const refusal = refuseRoleAssignment(manager, 'other', ['loans.view', 'loans.disburse', 'roles.manage']);
    expect(refusal).toMatchObject({ kind: 'forbidden', code: 'STAFF.PERMISSION_ESCALATION' });
    expect(refusal!.message).toContain('loans.disburse, roles.manage');
  });

  it('nobody may edit the role they hold', () => {
    expect(refuseRoleEdit(manager, 'staff-manager', ['loans.view'])).toMatchObject({ code: 'STAFF.OWN_PERMISSIONS' });
    expect(refuseRoleEdit(admin, 'administrator', undefined)).toMatchObject({ code: 'STAFF.OWN_PERMISSIONS' });
  });

  it('a role may be created or edited only with permissions the editor holds', () => {
    expect(refuseRoleEdit(manager, undefined, ['loans.view'])).toBeUndefined();
    expect(refuseRoleEdit(manager, 'viewer', ['users.view'])).toBeUndefined();
    expect(refuseRoleEdit(manager, 'viewer', ['loans.disburse'])).toMatchObject({ kind: 'forbidden', code: 'STAFF.PERMISSION_ESCALATION' });
    expect(refuseRoleEdit(manager, 'viewer', undefined)).toBeUndefined();
  });

  it('nobody may disable themselves', () => {
    expect(refuseStatusChange(admin, 'admin')).toMatchObject({ kind: 'forbidden', code: 'STAFF.OWN_ACCOUNT' });
    expect(refuseStatusChange(admin, 'other')).toBeUndefined();
  });

  it('the last active administrator cannot lose the role or be disabled', () => {
    expect(refuseLosingLastAdministrator(1, true, true)).toMatchObject({ kind: 'conflict', code: 'STAFF.LAST_ADMINISTRATOR' });
    expect(refuseLosingLastAdministrator(2, true, true)).toBeUndefined();
    expect(refuseLosingLastAdministrator(1, false, true)).toBeUndefined();
    expect(refuseLosingLastAdministrator(1, true, false)).toBeUndefined();
  });
});

describe('staff policy: no escalation through other accounts', () => {
  const creditOfficer = ['loans.view', 'loans.accept', 'loans.soft.approve'] as Permission[];

  it('given a manager, when they act on someone whose permissions they all hold, then it is allowed', () => {
    expect(refuseActingOnStrongerAccount(manager, 'viewer-1', ['users.view', 'loans.view'])).toBeUndefined();
    expect(refuseActingOnStrongerAccount(manager, 'nobody-1', [])).toBeUndefined();
  });

  it('given a manager, when they act on someone holding a permission they lack, then it is refused naming it', () => {
    const refusal = refuseActingOnStrongerAccount(manager, 'officer-1', creditOfficer);
    expect(refusal).toMatchObject({ kind: 'forbidden', code: 'STAFF.PERMISSION_ESCALATION' });
    expect(refusal!.message).toContain('loans.accept, loans.soft.approve');
    expect(refuseActingOnStrongerAccount(manager, 'admin', ALL_PERMISSIONS)).toMatchObject({
      kind: 'forbidden',
      code: 'STAFF.PERMISSION_ESCALATION',
    });
  });

  it('given an administrator, when they act on anyone, then it is allowed (they hold everything)', () => {
    expect(refuseActingOnStrongerAccount(admin, 'other-admin', ALL_PERMISSIONS)).toBeUndefined();
  });

  it('given anyone, when they act on their own account, then this rule does not apply (the own-account rules do)', () => {
    expect(refuseActingOnStrongerAccount(manager, 'manager', ALL_PERMISSIONS)).toBeUndefined();
  });

  it('given a role with permissions the editor lacks, when they remove one of those, then it is refused', () => {
    const refusal = refuseRoleEdit(manager, 'credit-officer', ['loans.view', 'loans.accept'], creditOfficer);
    expect(refusal).toMatchObject({ kind: 'forbidden', code: 'STAFF.PERMISSION_ESCALATION' });
    expect(refusal!.message).toContain('take away');
    expect(refusal!.message).toContain('loans.soft.approve');
  });

  it('given a role with permissions the editor lacks, when it is deleted (every permission removed), then it is refused', () => {
    expect(refuseRoleEdit(manager, 'credit-officer', [], creditOfficer)).toMatchObject({
      kind: 'forbidden',
      code: 'STAFF.PERMISSION_ESCALATION',
    });
  });

  it('given a role with permissions the editor lacks, when they keep those and add or remove only their own, then it is allowed', () => {
    expect(refuseRoleEdit(manager, 'credit-officer', [...creditOfficer, 'users.view'], creditOfficer)).toBeUndefined();
    expect(refuseRoleEdit(manager, 'credit-officer', ['loans.accept', 'loans.soft.approve'], creditOfficer)).toBeUndefined();
    expect(refuseRoleEdit(manager, 'credit-officer', undefined, creditOfficer)).toBeUndefined();
  });

  it('given a role, when the editor adds a permission they lack, then it is refused even if other permissions stay', () => {
    expect(refuseRoleEdit(manager, 'credit-officer', [...creditOfficer, 'loans.disburse'], creditOfficer)).toMatchObject({
      code: 'STAFF.PERMISSION_ESCALATION',
    });
  });
});
