/**
 * The named capabilities staff can hold. Roles group them; every staff endpoint names the one it needs. Adding a
 * capability is adding a line here: the administrator role holds every permission in this list by definition.
 */
export const PERMISSIONS = {
  'loans.view': { group: 'Loans', label: 'See loan queues, loans, agreements and their history' },
  'loans.accept': { group: 'Loans', label: 'Accept applications into credit review' },
  'loans.soft.approve': { group: 'Loans', label: 'Approve the soft (credit) check' },
  'loans.bank.approve': { group: 'Loans', label: 'Approve bank verification' },
  'loans.agreement.issue': { group: 'Loans', label: 'Issue loan agreements' },
  'loans.final.approve': { group: 'Loans', label: 'Grant final approval' },
  'loans.disburse': { group: 'Loans', label: 'Disburse approved loans' },
  'loans.reject': { group: 'Loans', label: 'Reject applications' },
  'loans.cooling-off.exit': { group: 'Loans', label: 'Ask for a cooling-off exit for a borrower (the maker)' },
  'loans.cooling-off.approve': { group: 'Loans', label: 'Approve cooling-off exits staff asked for (the checker: never your own)' },
  'payments.record': {
    group: 'Payments',
    label: 'Record offline payments, ask for a payment reversal or a credit balance refund (the maker)',
  },
  'payments.verify': {
    group: 'Payments',
    label: 'Verify or reject recorded payments, approve reversals and refunds (the checker: never of what you recorded yourself)',
  },
  'products.manage': { group: 'Loans', label: 'Create and edit loan products (each edit is a new version)' },
  'customers.view': { group: 'Customers', label: 'See customers, their profiles and documents' },
  'customers.verify': { group: 'Customers', label: "Mark a customer's profile sections verified or rejected" },
  'customers.erasure': {
    group: 'Customers',
    label: "See borrowers' requests to erase their data and carry them out (what the law makes us keep is kept)",
  },
  'customers.phones': {
    group: 'Customers',
    label: 'See the phones the migration could not put in one form (collisions, unreadable) and keep or clear each',
  },
  'leads.manage': { group: 'Leads', label: 'Work and assign leads' },
  'leads.work': { group: 'Leads', label: 'Create walk-in leads and work the leads assigned to you (your own worklist)' },
  'collections.view': {
    group: 'Collections',
    label: 'See the collection buckets, their counts and the contact log; record contacts on the loans assigned to you',
  },
  'collections.manage': {
    group: 'Collections',
    label: 'Work collection buckets: assign loans to collectors, record contacts on any loan, run close of business',
  },
  'collections.settle': { group: 'Collections', label: 'Offer a settlement of a loan (the maker)' },
  'collections.settle.approve': { group: 'Collections', label: 'Approve settlement offers (the checker: never your own offer)' },
  'loans.write-off': { group: 'Collections', label: 'Ask for a loan to be written off (the maker)' },
  'loans.write-off.approve': { group: 'Collections', label: 'Approve write-offs (the checker: never one you asked for)' },
  'mandates.manage': { group: 'Collections', label: 'Register auto-debit mandates, ask to pause them (the maker), resume and cancel them' },
  'mandates.approve': { group: 'Collections', label: 'Approve pausing a mandate (the checker: never a pause you asked for)' },
  'emails.view': { group: 'Communication', label: 'See sent emails and retry failed ones' },
  'sms.view': { group: 'Communication', label: 'See the SMS log (one-time codes only outside production)' },
  'pushes.view': { group: 'Communication', label: 'See the push notification log' },
  'whatsapp.send': {
    group: 'Communication',
    label: "Read borrowers' WhatsApp conversations and send messages (free text inside the 24-hour window, approved templates always)",
  },
  'ivr.view': { group: 'Communication', label: 'See the IVR calls and their outcomes, and request automated reminder calls' },
  'dialer.use': {
    group: 'Collections',
    label: "Call borrowers from the overdue book (08:00–19:00) and record each call's outcome in the contact log",
  },
  'templates.manage': { group: 'Communication', label: 'Edit email templates' },
  'banners.manage': { group: 'Communication', label: 'Edit banners' },
  'issues.manage': { group: 'Support', label: 'Work customer issues' },
  'grievances.view': { group: 'Support', label: 'See the monthly grievance report (RBI: complaints received, resolved, escalated)' },
  'users.view': { group: 'Staff', label: 'See staff users and who is online' },
  'users.manage': { group: 'Staff', label: 'Create, edit and disable staff users and assign their roles' },
  'users.reload-device': { group: 'Staff', label: "Make a user's open pages fetch a fresh token and reload" },
  'roles.manage': { group: 'Staff', label: 'Create and edit roles and their permissions' },
  'business-date.manage': { group: 'System', label: 'Set the business date (manual mode only: training, testing, catch-up)' },
  'cob.run': {
    group: 'System',
    label: 'Run close of business from the console and see its runs (manual business date mode: after moving the date)',
  },
  'operations.view': { group: 'System', label: 'See the metrics and the job queues (read-only queue board)' },
  'accounting.view': { group: 'Accounting', label: 'See the chart of accounts, journal entries, trial balance and reconciliation' },
  'accounting.post': { group: 'Accounting', label: 'Post manual journal entries (the maker)' },
  'accounting.close': { group: 'Accounting', label: 'Close accounting periods (the checker: never one you asked for)' },
  'bureau.report': {
    group: 'Compliance',
    label: 'Generate the monthly credit bureau (TUDF) file, download it and see the records left out for staff to fix',
  },
  'system.health': { group: 'System', label: 'See the health details: database, queues and subscription lag' },
} as const satisfies Record<string, { group: string; label: string }>;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);
