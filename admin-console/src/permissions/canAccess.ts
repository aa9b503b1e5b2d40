/**
 * The one place that says which permission a console action needs (the server checks the same ones; hiding a
 * button here only spares the staff member a 403). `permissions` is the signed-in user's list; ALL_ACCESS stands
 * for a server that names no permissions yet and authorizes staff by role alone.
 */
export const ALL_ACCESS = '*';
export type Permissions = readonly string[] | typeof ALL_ACCESS;

const LOAN_ACTION_PERMISSIONS: Record<string, string> = {
  list: 'loans.view',
  show: 'loans.view',
  accept: 'loans.accept',
  'approve-soft': 'loans.soft.approve',
  'approve-bank': 'loans.bank.approve',
  'issue-agreement': 'loans.agreement.issue',
  'approve-final': 'loans.final.approve',
  disburse: 'loans.disburse',
  reject: 'loans.reject',
};

const READ = new Set(['list', 'show']);

function required(action: string, resource: string): string | null | undefined {
  switch (resource) {
    case 'loans':
      return LOAN_ACTION_PERMISSIONS[action];
    case 'Users':
    case 'users':
      if (action === 'reload-device') return 'users.reload-device';
      return READ.has(action) ? 'users.view' : 'users.manage';
    case 'Roles':
    case 'roles':
      return READ.has(action) ? 'users.view' : 'roles.manage';
    case 'Permissions':
    case 'permissions':
      return 'users.view';
    case 'Products':
    case 'products':
      return READ.has(action) ? 'loans.view' : 'products.manage';
    case 'business-date':
      // Every staff member sees the date commands run on; setting it (manual mode only) needs the permission.
      return action === 'edit' ? 'business-date.manage' : null;
    case 'profile':
    case 'dashboard':
      return null;
    default:
      return undefined;
  }
}

/** true when `permissions` allow `action` on `resource`; unknown actions or resources are refused. */
export function canAccess(permissions: Permissions | undefined, action: string, resource: string): boolean {
  const needed = required(action, resource);
  if (needed === undefined) return false;
  if (needed === null) return true;
  if (permissions === ALL_ACCESS) return true;
  return permissions?.includes(needed) ?? false;
}
