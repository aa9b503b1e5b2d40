/**
 * What an email template can answer, and the variables each event offers (the editor's catalogue). A template may
 * name only these variables: anything else is refused when the template is saved (see template-rules.ts).
 * `loanEvent` is the loan event that sends it; events without one are sent by the product itself (password reset,
 * issue replies, an issued agreement's terms and e-sign link) or by a context that sends them itself through TemplatedEmails: collection reminders (due soon,
 * overdue: lending/collections/application/collection-reminders.ts, queued by close of business). A payment is received when its
 * money is confirmed (`RepaymentApplied`: an offline payment verified by the checker, or an online capture), not when
 * it is merely recorded (`PaymentRecorded`, still awaiting its checker).
 */
export type TemplateVariable = { name: string; description: string; sample: string };
export type TemplateEvent = {
  key: string;
  label: string;
  loanEvent?: string;
  variables: readonly TemplateVariable[];
  /** Variables both bodies must use (a password reset without its link is no use). */
  required?: readonly string[];
};

const borrower: TemplateVariable[] = [
  { name: 'borrowerName', description: "The borrower's name", sample: 'Asha Rao' },
  { name: 'portalUrl', description: "The portal's address", sample: 'https://lending.example.com' },
];

const loan: TemplateVariable[] = [
  ...borrower,
  { name: 'loanReference', description: 'The loan reference (first 8 characters of its id, upper case)', sample: '3F2A91C0' },
  { name: 'loanType', description: 'EMI loan or Salary advance', sample: 'EMI loan' },
  { name: 'amount', description: 'The loan amount, formatted (₹1,00,000.00)', sample: '₹1,00,000.00' },
  {
    name: 'loanUrl',
    description: "The loan's page in the portal",
    sample: 'https://lending.example.com/User/Loans/3f2a91c0-0000-4000-8000-000000000000',
  },
];

const terms: TemplateVariable[] = [
  { name: 'tenureMonths', description: 'Tenure in months', sample: '12' },
  { name: 'annualRatePercent', description: 'Annual interest rate, per cent', sample: '14' },
  { name: 'instalmentAmount', description: 'Each instalment, formatted', sample: '₹8,978.00' },
];

const instalment: TemplateVariable[] = [
  ...loan,
  { name: 'instalmentNumber', description: 'Which instalment', sample: '3' },
  { name: 'dueDate', description: 'Its due date, e.g. 5 Dec 2026', sample: '5 Dec 2026' },
  { name: 'amountDue', description: 'The amount still owed on it, charges included, formatted', sample: '₹8,978.00' },
  { name: 'loanId', description: "The loan's id", sample: '3f2a91c0-0000-4000-8000-000000000000' },
  {
    name: 'payUrl',
    description: "Where the borrower pays it: the loan's page in the portal, at its Pay form",
    sample: 'https://lending.example.com/User/Loans/3f2a91c0-0000-4000-8000-000000000000#pay',
  },
];

const autoDebit: TemplateVariable[] = [
  ...loan,
  { name: 'loanId', description: "The loan's id", sample: '3f2a91c0-0000-4000-8000-000000000000' },
  {
    name: 'payUrl',
    description: "Where the borrower pays: the loan's page in the portal, at its Pay form",
    sample: 'https://lending.example.com/User/Loans/3f2a91c0-0000-4000-8000-000000000000#pay',
  },
  { name: 'mandateKind', description: 'e-NACH or UPI AutoPay', sample: 'UPI AutoPay' },
];

export const TEMPLATE_EVENTS: readonly TemplateEvent[] = [
  { key: 'application-received', label: 'Application received', loanEvent: 'LoanApplicationSubmitted', variables: loan },
  { key: 'loan-approved', label: 'Loan approved (final approval)', loanEvent: 'FinalApprovalGranted', variables: loan },
  {
    key: 'loan-disbursed',
    label: 'Loan disbursed',
    loanEvent: 'LoanDisbursed',
    variables: [
      ...loan,
      ...terms,
      { name: 'payoutReference', description: 'The payout reference (UTR)', sample: 'UTR3F2A91C0' },
      { name: 'disbursedOn', description: 'The disbursal date, e.g. 21 Nov 2026', sample: '21 Nov 2026' },
      { name: 'firstDueDate', description: 'The first instalment’s due date, e.g. 21 Dec 2026', sample: '21 Dec 2026' },
    ],
  },
  { key: 'loan-rejected', label: 'Loan rejected', loanEvent: 'LoanRejected', variables: loan },
  { key: 'application-cancelled', label: 'Application cancelled', loanEvent: 'LoanApplicationCancelled', variables: loan },
  { key: 'instalment-due-soon', label: 'Instalment due soon', variables: instalment },
  {
    key: 'instalment-overdue',
    label: 'Instalment overdue',
    variables: [
      ...instalment,
      { name: 'daysPastDue', description: 'Days past due (a number)', sample: '4' },
      { name: 'overdueBy', description: 'How long it is overdue, e.g. 1 day, 4 days', sample: '4 days' },
    ],
  },
  {
    // Issue 32: the auto-debit notices, sent by lending (lending/mandates/application/auto-debit-notices.ts) with an SMS.
    key: 'auto-debit-pre-debit',
    label: 'Auto-debit: pre-debit notice (UPI AutoPay, at least 24 hours before the debit)',
    variables: [
      ...autoDebit,
      { name: 'instalmentNumber', description: 'Which instalment', sample: '3' },
      { name: 'debitAmount', description: 'The amount to be debited, formatted', sample: '₹8,978.00' },
      { name: 'debitDate', description: 'The debit date, e.g. 5 Dec 2026', sample: '5 Dec 2026' },
    ],
  },
  {
    key: 'auto-debit-bounced',
    label: 'Auto-debit returned by the bank (bounce)',
    variables: [
      ...autoDebit,
      { name: 'instalmentNumber', description: 'Which instalment', sample: '3' },
      { name: 'debitAmount', description: 'The amount the bank returned, formatted', sample: '₹8,978.00' },
      { name: 'bounceReason', description: "The bank's reason, in words", sample: 'Insufficient funds' },
      {
        name: 'nextAttemptDate',
        description: 'When it will be presented again, e.g. 10 Dec 2026 (empty when it will not)',
        sample: '10 Dec 2026',
      },
    ],
  },
  {
    key: 'auto-debit-ended',
    label: 'Auto-debit mandate cancelled: back on manual payment',
    variables: [
      ...autoDebit,
      { name: 'endCause', description: 'Why it ended, in words', sample: 'you cancelled it' },
      { name: 'manualPayment', description: '"yes" while the loan is still repaid (by hand from now on), else empty', sample: 'yes' },
      { name: 'instalmentNumber', description: 'The next instalment due (empty when none)', sample: '4' },
      { name: 'nextDueDate', description: 'Its due date, e.g. 5 Jan 2027 (empty when none)', sample: '5 Jan 2027' },
      { name: 'nextDueAmount', description: 'What it owes, formatted (empty when none)', sample: '₹8,978.00' },
    ],
  },
  {
    key: 'payment-received',
    label: 'Payment received',
    loanEvent: 'RepaymentApplied',
    variables: [
      ...loan,
      { name: 'amountPaid', description: 'The payment, formatted', sample: '₹8,978.00' },
      { name: 'paidOn', description: 'Its value date, e.g. 4 Dec 2026', sample: '4 Dec 2026' },
    ],
  },
  {
    key: 'loan-closed',
    label: 'Loan closed',
    loanEvent: 'LoanClosed',
    variables: [...loan, { name: 'closedOn', description: 'The closing date, e.g. 21 Nov 2027', sample: '21 Nov 2027' }],
  },
  {
    key: 'email-verification',
    label: 'Email verification code',
    required: ['code'],
    variables: [
      { name: 'name', description: "The user's name", sample: 'Asha Rao' },
      { name: 'code', description: 'The 6-digit code (shown as [redacted] in the email log)', sample: '[redacted]' },
      { name: 'expiresInMinutes', description: 'Minutes until the code expires', sample: '30' },
    ],
  },
  {
    key: 'password-reset',
    label: 'Password reset',
    required: ['resetLink'],
    variables: [
      { name: 'name', description: "The user's name", sample: 'Asha Rao' },
      {
        name: 'resetLink',
        description: 'The single-use link (shown as [redacted] in the email log)',
        sample: 'https://lending.example.com/Auth/confirm-password/[redacted]',
      },
      { name: 'expiresInMinutes', description: 'Minutes until the link expires', sample: '30' },
    ],
  },
  {
    // The one email of an issued agreement (its terms and the e-sign link), sent by lending when it issues one
    // (lending/pipeline/application/agreement-sign-link-mailer.ts); there is no separate "agreement issued" email.
    key: 'agreement-sign-link',
    label: 'Agreement issued: ready to sign (terms and e-sign link)',
    required: ['signLink'],
    variables: [
      ...loan,
      ...terms,
      {
        name: 'signLink',
        description: 'The single-use signing link (shown as [redacted] in the email log)',
        sample: 'https://lending.example.com/Eagreement/[redacted]',
      },
      { name: 'expiresInHours', description: 'Hours until the link expires', sample: '72' },
    ],
  },
  {
    key: 'issue-replied',
    label: 'Help issue replied',
    variables: [
      ...borrower,
      { name: 'issueNumber', description: "The issue's number", sample: '1042' },
      { name: 'issueSubject', description: 'The category of the issue', sample: 'Repayment' },
      { name: 'reply', description: "Staff's reply", sample: 'We have refunded the duplicate payment.' },
      { name: 'issueUrl', description: "The issue's page in the portal", sample: 'https://lending.example.com/User/Help' },
    ],
  },
  {
    key: 'complaint-escalated',
    label: 'Complaint not resolved in 30 days (RBI complaint portal)',
    variables: [
      ...borrower,
      { name: 'issueNumber', description: "The complaint's number", sample: '1042' },
      { name: 'receivedOn', description: 'When the complaint was received', sample: '2 Nov 2026' },
      { name: 'officerName', description: 'The grievance officer named in the KFS', sample: 'Meera Iyer' },
      { name: 'officerEmail', description: "The grievance officer's email", sample: 'grievance@lending.example.com' },
      { name: 'rbiPortalUrl', description: "The RBI's Complaint Management System", sample: 'https://cms.rbi.org.in' },
      { name: 'issueUrl', description: "The complaint's page in the portal", sample: 'https://lending.example.com/User/Help' },
    ],
  },
];

export const TEMPLATE_EVENT_KEYS = TEMPLATE_EVENTS.map((e) => e.key) as [string, ...string[]];

export const templateEvent = (key: string): TemplateEvent | undefined => TEMPLATE_EVENTS.find((e) => e.key === key);

export const eventForLoanEvent = (type: string): TemplateEvent | undefined => TEMPLATE_EVENTS.find((e) => e.loanEvent === type);

/** The catalogue's sample values of an event, for previews. */
export const sampleVariables = (event: TemplateEvent): Record<string, string> =>
  Object.fromEntries(event.variables.map((v) => [v.name, v.sample]));
