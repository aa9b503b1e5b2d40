import { describe, expect, it } from 'vitest';
import { ALL_ACCESS, canAccess } from './canAccess';

describe('canAccess', () => {
  const reviewer = ['loans.view', 'loans.accept', 'loans.soft.approve', 'users.view'];

  it('maps each loan action to the permission the server checks', () => {
    expect(canAccess(reviewer, 'list', 'loans')).toBe(true);
    expect(canAccess(reviewer, 'accept', 'loans')).toBe(true);
    expect(canAccess(reviewer, 'approve-soft', 'loans')).toBe(true);
    expect(canAccess(reviewer, 'approve-bank', 'loans')).toBe(false);
    expect(canAccess(reviewer, 'disburse', 'loans')).toBe(false);
    expect(canAccess(reviewer, 'reject', 'loans')).toBe(false);
    expect(canAccess(['loans.disburse'], 'disburse', 'loans')).toBe(true);
  });

  it('shows the books (chart, journal, trial balance, reconciliation) to accounting.view only, and offers no writes', () => {
    const accountant = ['accounting.view', 'loans.view'];
    for (const resource of ['Accounts', 'JournalEntries', 'TrialBalance', 'Reconciliation']) {
      expect(canAccess(accountant, 'list', resource)).toBe(true);
      expect(canAccess(reviewer, 'list', resource)).toBe(false);
      expect(canAccess(accountant, 'edit', resource)).toBe(false);
    }
  });

  it('lets bureau.report list, open and generate the monthly bureau files; nobody else', () => {
    for (const action of ['list', 'show', 'create']) {
      expect(canAccess(['bureau.report'], action, 'BureauRuns')).toBe(true);
      expect(canAccess(['loans.view', 'accounting.view'], action, 'BureauRuns')).toBe(false);
    }
    expect(canAccess(['bureau.report'], 'delete', 'BureauRuns')).toBe(false);
  });

  it('lets accounting.post propose and decide manual entries and accounting.close close periods; accounting.view only reads them', () => {
    const reader = ['accounting.view'];
    expect(canAccess(reader, 'list', 'ManualEntries')).toBe(true);
    expect(canAccess(reader, 'create', 'ManualEntries')).toBe(false);
    expect(canAccess(reader, 'approve', 'ManualEntries')).toBe(false);
    expect(canAccess(reader, 'close', 'PeriodCloses')).toBe(false);
    expect(canAccess(['accounting.view', 'accounting.post'], 'create', 'ManualEntries')).toBe(true);
    expect(canAccess(['accounting.view', 'accounting.post'], 'approve', 'ManualEntries')).toBe(true);
    expect(canAccess(['accounting.view', 'accounting.close'], 'close', 'PeriodCloses')).toBe(true);
    expect(canAccess(['accounting.post'], 'edit', 'ManualEntries')).toBe(false);
  });

  it('keeps settlement and write-off making and approving apart (maker-checker)', () => {
    const agent = ['loans.view', 'collections.settle', 'loans.write-off'];
    expect(canAccess(agent, 'settle', 'collections')).toBe(true);
    expect(canAccess(agent, 'write-off', 'collections')).toBe(true);
    expect(canAccess(agent, 'approve-settlement', 'collections')).toBe(false);
    expect(canAccess(agent, 'approve-write-off', 'collections')).toBe(false);
    expect(canAccess(['collections.settle.approve'], 'approve-settlement', 'collections')).toBe(true);
    expect(canAccess(['loans.write-off.approve'], 'approve-write-off', 'collections')).toBe(true);
    expect(canAccess(agent, 'waive', 'collections')).toBe(false);
  });

  it('lets users.view read staff and roles, and keeps writes for users.manage and roles.manage', () => {
    expect(canAccess(reviewer, 'list', 'Users')).toBe(true);
    expect(canAccess(reviewer, 'edit', 'Users')).toBe(false);
    expect(canAccess(['users.manage'], 'create', 'Users')).toBe(true);
    expect(canAccess(reviewer, 'list', 'Roles')).toBe(true);
    expect(canAccess(reviewer, 'edit', 'Roles')).toBe(false);
    expect(canAccess(['roles.manage'], 'edit', 'Roles')).toBe(true);
    expect(canAccess(reviewer, 'reload-device', 'Users')).toBe(false);
    expect(canAccess(['users.reload-device'], 'reload-device', 'Users')).toBe(true);
  });

  it('lets loans.view read products and keeps their writes for products.manage', () => {
    expect(canAccess(['loans.view'], 'list', 'Products')).toBe(true);
    expect(canAccess(['loans.view'], 'edit', 'Products')).toBe(false);
    expect(canAccess(['products.manage'], 'create', 'Products')).toBe(true);
    expect(canAccess([], 'list', 'Products')).toBe(false);
  });

  it('opens the channels to their own permissions: whatsapp.send, ivr.view, dialer.use', () => {
    expect(canAccess(['whatsapp.send'], 'list', 'whatsapp')).toBe(true);
    expect(canAccess(['whatsapp.send'], 'send', 'whatsapp')).toBe(true);
    expect(canAccess(['collections.manage'], 'send', 'whatsapp')).toBe(false);
    expect(canAccess(['ivr.view'], 'list', 'IvrStatus')).toBe(true);
    expect(canAccess(['dialer.use'], 'list', 'IvrStatus')).toBe(false);
    expect(canAccess(['dialer.use'], 'call', 'Dialer')).toBe(true);
    expect(canAccess(['collections.view'], 'list', 'Dialer')).toBe(false);
  });

  it('lets collections.view read the buckets and record contacts, and keeps assignment for collections.manage', () => {
    expect(canAccess(['collections.view'], 'list', 'Collections')).toBe(true);
    expect(canAccess(['collections.view'], 'show', 'Collections')).toBe(true);
    expect(canAccess(['collections.view'], 'contact', 'Collections')).toBe(true);
    expect(canAccess(['collections.view'], 'assign', 'Collections')).toBe(false);
    expect(canAccess(['collections.manage'], 'assign', 'Collections')).toBe(true);
    expect(canAccess(['loans.view'], 'list', 'Collections')).toBe(false);
    expect(canAccess(['collections.view', 'collections.manage'], 'delete', 'Collections')).toBe(false);
  });

  it('shows the business date to all staff and lets business-date.manage change it', () => {
    expect(canAccess([], 'show', 'business-date')).toBe(true);
    expect(canAccess(['loans.view'], 'edit', 'business-date')).toBe(false);
    expect(canAccess(['business-date.manage'], 'edit', 'business-date')).toBe(true);
    expect(canAccess(['business-date.manage'], 'close-of-business', 'business-date')).toBe(false);
    expect(canAccess(['cob.run'], 'close-of-business', 'business-date')).toBe(true);
  });

  it('keeps every lead for leads.manage and the own worklist for leads.work; leads are never deleted', () => {
    expect(canAccess(['leads.manage'], 'list', 'Leads')).toBe(true);
    expect(canAccess(['leads.manage'], 'status', 'Leads')).toBe(true);
    expect(canAccess(['leads.manage'], 'counts', 'Leads')).toBe(true);
    expect(canAccess(['leads.work'], 'list', 'Leads')).toBe(false);
    expect(canAccess(['leads.work'], 'counts', 'Leads')).toBe(false);
    expect(canAccess(['leads.work'], 'create', 'agentLeads')).toBe(true);
    expect(canAccess(['leads.work'], 'note', 'agentLeads')).toBe(true);
    expect(canAccess(['leads.manage'], 'list', 'agentLeads')).toBe(false);
    expect(canAccess(ALL_ACCESS, 'delete', 'Leads')).toBe(false);
    expect(canAccess(ALL_ACCESS, 'delete', 'agentLeads')).toBe(false);
  });

  it('lets customers.view read customers and keeps verdicts for customers.verify; the SMS log is sms.view', () => {
    expect(canAccess(['customers.view'], 'list', 'Customers')).toBe(true);
    expect(canAccess(['customers.view'], 'show', 'Customers')).toBe(true);
    expect(canAccess(['customers.view'], 'verify', 'Customers')).toBe(false);
    expect(canAccess(['customers.verify'], 'verify', 'Customers')).toBe(true);
    expect(canAccess(['customers.view'], 'edit', 'Customers')).toBe(false);
    expect(canAccess(['sms.view'], 'list', 'Sms')).toBe(true);
    expect(canAccess(['customers.phones'], 'list', 'PhoneCollisions')).toBe(true);
    expect(canAccess(['customers.phones'], 'resolve', 'PhoneCollisions')).toBe(true);
    expect(canAccess(['customers.view'], 'list', 'PhoneCollisions')).toBe(false);
    expect(canAccess(['customers.phones'], 'delete', 'PhoneCollisions')).toBe(false);
    expect(canAccess(['customers.erasure'], 'list', 'ErasureRequests')).toBe(true);
    expect(canAccess(['customers.erasure'], 'carry-out', 'ErasureRequests')).toBe(true);
    expect(canAccess(['customers.view'], 'show', 'ErasureRequests')).toBe(false);
    expect(canAccess(['customers.erasure'], 'delete', 'ErasureRequests')).toBe(false);
    expect(canAccess(['customers.view'], 'list', 'Sms')).toBe(false);
  });

  it('refuses what it does not know, and grants everything known when the server names no permissions', () => {
    expect(canAccess(ALL_ACCESS, 'delete', 'loans')).toBe(false);
    expect(canAccess(ALL_ACCESS, 'export', 'banners')).toBe(false);
    expect(canAccess(ALL_ACCESS, 'disburse', 'loans')).toBe(true);
    expect(canAccess(undefined, 'list', 'loans')).toBe(false);
    expect(canAccess([], 'show', 'profile')).toBe(true);
  });

  it('help issues need issues.manage (never created nor deleted in the console); state pages are banners.manage content', () => {
    const support = ['issues.manage'];
    for (const action of ['list', 'edit', 'reply']) expect(canAccess(support, action, 'Issues')).toBe(true);
    expect(canAccess(support, 'create', 'Issues')).toBe(false);
    expect(canAccess(support, 'delete', 'Issues')).toBe(false);
    expect(canAccess(['banners.manage'], 'list', 'Issues')).toBe(false);
    for (const action of ['list', 'edit', 'create', 'delete']) expect(canAccess(['banners.manage'], action, 'StatePages')).toBe(true);
    expect(canAccess(support, 'list', 'StatePages')).toBe(false);
  });
});
