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
  'cooling-off-exit': 'loans.cooling-off.exit',
  'approve-cooling-off-exit': 'loans.cooling-off.approve',
};

const READ = new Set(['list', 'show']);
/** What react-admin asks of a plain resource; anything else (export, clone, …) is not offered. */
const CRUD = new Set(['list', 'show', 'create', 'edit', 'delete']);
const crud = (action: string, permission: string) => (CRUD.has(action) ? permission : undefined);

/** Payments (issue 12): staff record, a second person verifies; reversals and refunds are maker-checker the same way. */
const PAYMENT_ACTION_PERMISSIONS: Record<string, string> = {
  list: 'loans.view',
  show: 'loans.view',
  record: 'payments.record',
  verify: 'payments.verify',
  reject: 'payments.verify',
  reverse: 'payments.record',
  'approve-reversal': 'payments.verify',
  'reject-reversal': 'payments.verify',
  'request-refund': 'payments.record',
  'approve-refund': 'payments.verify',
};

/** Settlement and write-off (issue 13 item 5): each made by one person and approved by another. */
const COLLECTION_ACTION_PERMISSIONS: Record<string, string> = {
  show: 'loans.view',
  settle: 'collections.settle',
  'approve-settlement': 'collections.settle.approve',
  'write-off': 'loans.write-off',
  'approve-write-off': 'loans.write-off.approve',
};

function required(action: string, resource: string): string | null | undefined {
  switch (resource) {
    case 'collections':
      return COLLECTION_ACTION_PERMISSIONS[action];
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
    case 'Payments':
    case 'payments':
      return PAYMENT_ACTION_PERMISSIONS[action];
    case 'Mandates':
      // Issue 32: lists with loans.view; registering, pausing, resuming and cancelling with mandates.manage.
      return READ.has(action) ? 'loans.view' : action === 'approve-pause' ? 'mandates.approve' : 'mandates.manage';
    case 'MandatePresentations':
      return READ.has(action) ? 'loans.view' : undefined;
    case 'MandateBounces':
      return READ.has(action) ? 'collections.view' : undefined;
    case 'LoanAgreements':
    case 'agreements':
      // Issue 14 item 6: issued agreements and their signing evidence are read with the loans read permission.
      return READ.has(action) ? 'loans.view' : undefined;
    case 'Emails':
    case 'emails':
      return action === 'resend' ? 'emails.view' : crud(action, 'emails.view');
    case 'EmailTemplates':
    case 'email-templates':
      return action === 'preview' ? 'templates.manage' : crud(action, 'templates.manage');
    case 'Banners':
    case 'banners':
    // State landing pages are staff-managed public content, like banners (docs/help-issues.md).
    case 'StatePages':
    case 'state-pages':
      return crud(action, 'banners.manage');
    case 'Issues':
    case 'issues':
      // Help issues: list, the issue page, assign and move (edit), reply and note; never created nor deleted here.
      return action === 'reply' ? 'issues.manage' : action === 'create' || action === 'delete' ? undefined : crud(action, 'issues.manage');
    case 'Leads':
    case 'leads':
      // Every lead: list, show/edit, create, and the status and note actions; the dashboard's leadStatus panel.
      return action === 'status' || action === 'note' || action === 'counts'
        ? 'leads.manage'
        : action === 'delete'
          ? undefined
          : crud(action, 'leads.manage');
    case 'agentLeads':
    case 'agent-leads':
      // The signed-in agent's own leads (the server answers 404 for anyone else's).
      return action === 'status' || action === 'note' ? 'leads.work' : action === 'delete' ? undefined : crud(action, 'leads.work');
    case 'Customers':
    case 'customers':
      // Issue 14: customers are read with customers.view; a section's verdict needs customers.verify.
      return action === 'verify' ? 'customers.verify' : READ.has(action) ? 'customers.view' : undefined;
    case 'PhoneCollisions':
    case 'phone-collisions':
      // Issue 27 item 5: the phones migration 0037 could not put in one form, and keeping or clearing each.
      return action === 'list' || action === 'show' || action === 'resolve' ? 'customers.phones' : undefined;
    case 'ErasureRequests':
    case 'erasure-requests':
      // Issue 33 item 5 (DPDP Act): borrowers' erasure requests, read and carried out with customers.erasure.
      return action === 'list' || action === 'show' || action === 'carry-out' ? 'customers.erasure' : undefined;
    case 'Sms':
    case 'sms':
      return action === 'list' ? 'sms.view' : undefined;
    case 'Collections':
      // (Lower-case 'collections' is the loan page's settlement and write-off, at the top of this switch.)
      // Issue 13: the buckets and the contact log are read with collections.view (recording a contact too: the server
      // also requires being the loan's collector or holding collections.manage); assigning needs collections.manage.
      return action === 'assign'
        ? 'collections.manage'
        : action === 'list' || action === 'show' || action === 'contact'
          ? 'collections.view'
          : undefined;
    // Issue 15 item 3: the WhatsApp conversations (reading and sending), the IVR calls, the dialer.
    case 'whatsapp':
      return action === 'list' || action === 'show' || action === 'send' ? 'whatsapp.send' : undefined;
    case 'IvrStatus':
      return action === 'list' || action === 'request' ? 'ivr.view' : undefined;
    case 'Dialer':
      return action === 'list' || action === 'call' ? 'dialer.use' : undefined;
    case 'grievances':
      // Issue 33: the monthly grievance report (JSON and CSV).
      return action === 'list' ? 'grievances.view' : undefined;
    case 'BureauRuns':
      // Issue 33 item 7: the monthly credit bureau files, read and generated with bureau.report.
      return READ.has(action) || action === 'create' ? 'bureau.report' : undefined;
    case 'business-date':
      // Every staff member sees the date commands run on; setting it (manual mode only) needs the permission, and
      // running close of business from the console (manual mode only) needs cob.run.
      return action === 'edit' ? 'business-date.manage' : action === 'close-of-business' ? 'cob.run' : null;
    // Issue 31: the books are read with accounting.view (the chart, journal entries, trial balance, reconciliation).
    case 'Accounts':
    case 'JournalEntries':
    case 'TrialBalance':
    case 'Reconciliation':
    case 'accounting':
      return READ.has(action) ? 'accounting.view' : undefined;
    // Manual entries: read with accounting.view; proposed (the maker) and approved or rejected (a second person, the
    // server refusing the maker) with accounting.post. Periods: close requested and approved with accounting.close.
    case 'ManualEntries':
      return READ.has(action) ? 'accounting.view' : action === 'create' || action === 'approve' ? 'accounting.post' : undefined;
    case 'PeriodCloses':
      return READ.has(action) ? 'accounting.view' : action === 'close' ? 'accounting.close' : undefined;
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
