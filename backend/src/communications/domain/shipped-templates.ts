import type { TemplateSource } from './template-rules.js';

/**
 * The templates the product ships: seeded as active templates on an empty table (so staff can edit them), and what
 * the product's own emails fall back to when staff have deactivated every template of such an event (a password
 * reset must always go out). Each must pass checkTemplate for its event (template-rules.spec checks them all).
 */
export type ShippedTemplate = TemplateSource & { key: string; event: string; name: string };

const wrap = (body: string) =>
  `<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">${body}<p style="color:#555">Open Lending</p></div>`;

const loanEmail = (key: string, name: string, subject: string, sentence: string, extraHtml = '', extraText = ''): ShippedTemplate => ({
  key,
  event: key,
  name,
  subject,
  html: wrap(
    `<p>Hello {{borrowerName}},</p><p>${sentence}</p>${extraHtml}<p><a href="{{loanUrl}}">See your loan {{loanReference}}</a></p>`,
  ),
  text: `Hello {{borrowerName}},\n\n${sentence}\n${extraText}\nSee your loan {{loanReference}}: {{loanUrl}}\n\nOpen Lending`,
});

export const SHIPPED_TEMPLATES: readonly ShippedTemplate[] = [
  loanEmail(
    'application-received',
    'Application received',
    'We have received your application {{loanReference}}',
    'We have received your application for {{amount}} and will review it shortly.',
  ),
  loanEmail(
    'loan-approved',
    'Loan approved',
    'Your loan {{loanReference}} is approved',
    'Your loan of {{amount}} is approved and will be paid out shortly.',
  ),
  loanEmail(
    'loan-disbursed',
    'Loan disbursed',
    'Your loan {{loanReference}} has been paid out',
    'We have paid out your loan of {{amount}} (reference {{payoutReference}}) on {{disbursedOn}}.',
    '{{#if firstDueDate}}<p>Your first instalment of {{instalmentAmount}} is due on {{firstDueDate}}.</p>{{/if}}',
    '{{#if firstDueDate}}Your first instalment of {{instalmentAmount}} is due on {{firstDueDate}}.\n{{/if}}',
  ),
  loanEmail(
    'loan-rejected',
    'Loan rejected',
    'About your application {{loanReference}}',
    'We are sorry: we cannot offer you this loan at this time.',
  ),
  loanEmail(
    'application-cancelled',
    'Application cancelled',
    'Your application {{loanReference}} is cancelled',
    'Your loan application has been cancelled.',
  ),
  loanEmail(
    'instalment-due-soon',
    'Instalment due soon',
    'Instalment {{instalmentNumber}} of loan {{loanReference}} is due on {{dueDate}}',
    'Instalment {{instalmentNumber}} of {{amountDue}} is due on {{dueDate}}.',
    '<p><a href="{{payUrl}}">Pay {{amountDue}} now</a></p>',
    'Pay it now: {{payUrl}}\n',
  ),
  loanEmail(
    'instalment-overdue',
    'Instalment overdue',
    'Instalment {{instalmentNumber}} of loan {{loanReference}} is overdue',
    'Instalment {{instalmentNumber}} of {{amountDue}}, due on {{dueDate}}, is {{overdueBy}} overdue. Please pay it as soon as you can.',
    '<p><a href="{{payUrl}}">Pay {{amountDue}} now</a></p>',
    'Pay it now: {{payUrl}}\n',
  ),
  loanEmail(
    'auto-debit-pre-debit',
    'Auto-debit: pre-debit notice',
    '{{debitAmount}} will be debited on {{debitDate}} for loan {{loanReference}}',
    'Instalment {{instalmentNumber}} of {{debitAmount}} will be debited from your account by {{mandateKind}} on {{debitDate}}. Please keep the amount in your account.',
  ),
  loanEmail(
    'auto-debit-bounced',
    'Auto-debit returned',
    'The auto-debit of instalment {{instalmentNumber}} of loan {{loanReference}} was returned',
    'Your bank returned the {{mandateKind}} debit of {{debitAmount}} for instalment {{instalmentNumber}}: {{bounceReason}}. A bounce charge may apply.',
    '{{#if nextAttemptDate}}<p>We will present it again on {{nextAttemptDate}} unless you pay before.</p>{{/if}}<p><a href="{{payUrl}}">Pay now</a></p>',
    '{{#if nextAttemptDate}}We will present it again on {{nextAttemptDate}} unless you pay before.\n{{/if}}Pay now: {{payUrl}}\n',
  ),
  loanEmail(
    'auto-debit-ended',
    'Auto-debit cancelled',
    'The auto-debit of loan {{loanReference}} is cancelled',
    'The {{mandateKind}} mandate of your loan is cancelled ({{endCause}}): nothing more will be debited under it.',
    '{{#if manualPayment}}<p>Your loan is back on manual payment: please pay each instalment from your loan page by its due date.{{#if nextDueDate}} The next, instalment {{instalmentNumber}} of {{nextDueAmount}}, is due on {{nextDueDate}}.{{/if}}</p><p><a href="{{payUrl}}">Pay now</a></p>{{/if}}',
    '{{#if manualPayment}}Your loan is back on manual payment: please pay each instalment from your loan page by its due date.{{#if nextDueDate}} The next, instalment {{instalmentNumber}} of {{nextDueAmount}}, is due on {{nextDueDate}}.{{/if}}\nPay now: {{payUrl}}\n{{/if}}',
  ),
  loanEmail(
    'payment-received',
    'Payment received',
    'We received your payment of {{amountPaid}}',
    'We received your payment of {{amountPaid}} on {{paidOn}}. Thank you.',
  ),
  loanEmail(
    'loan-closed',
    'Loan closed',
    'Your loan {{loanReference}} is closed',
    'Your loan is fully repaid and was closed on {{closedOn}}. Thank you for borrowing with us.',
  ),
  {
    key: 'email-verification',
    event: 'email-verification',
    name: 'Email verification code',
    subject: 'Your email verification code',
    html: wrap(
      '<p>Hello {{name}},</p><p>Your code to verify this email address is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">{{code}}</p><p>Type it on your Profile page. It expires in {{expiresInMinutes}} minutes. Once verified, your signed loan documents are sent to this address. If you did not ask for it, ignore this email.</p>',
    ),
    text: 'Hello {{name}},\n\nYour code to verify this email address is: {{code}}\n\nType it on your Profile page. It expires in {{expiresInMinutes}} minutes. Once verified, your signed loan documents are sent to this address. If you did not ask for it, ignore this email.',
  },
  {
    key: 'password-reset',
    event: 'password-reset',
    name: 'Password reset',
    subject: 'Choose a new password',
    html: wrap(
      '<p>Hello {{name}},</p><p>Someone (we hope you) asked to reset the password of your account.</p><p><a href="{{resetLink}}">Choose a new password</a></p><p>The link works once and expires in {{expiresInMinutes}} minutes. If you did not ask for it, ignore this email: your password stays as it is.</p>',
    ),
    text: 'Hello {{name}},\n\nSomeone (we hope you) asked to reset the password of your account. Open this link to choose a new one:\n{{resetLink}}\n\nThe link works once and expires in {{expiresInMinutes}} minutes. If you did not ask for it, ignore this email: your password stays as it is.',
  },
  {
    key: 'agreement-sign-link',
    event: 'agreement-sign-link',
    name: 'Agreement ready to sign',
    subject: 'Your loan agreement {{loanReference}} is ready to sign',
    html: wrap(
      '<p>Hello {{borrowerName}},</p><p>Your {{loanType}} agreement {{loanReference}} is ready: {{amount}} over {{tenureMonths}} months at {{annualRatePercent}}% a year, {{instalmentAmount}} a month. Its first page is the Key Facts Statement: the annual percentage rate with every fee, the repayment schedule, the cooling-off period and whom to contact with a complaint.</p><p><a href="{{signLink}}">Read and sign your agreement</a></p><p>To sign, you will enter a one-time code we send by SMS to your registered phone. The link works once and expires in {{expiresInHours}} hours; you can also sign in the portal: <a href="{{loanUrl}}">your loan {{loanReference}}</a>.</p>',
    ),
    text: 'Hello {{borrowerName}},\n\nYour {{loanType}} agreement {{loanReference}} is ready: {{amount}} over {{tenureMonths}} months at {{annualRatePercent}}% a year, {{instalmentAmount}} a month. Its first page is the Key Facts Statement: the annual percentage rate with every fee, the repayment schedule, the cooling-off period and whom to contact with a complaint.\n\nRead and sign it here:\n{{signLink}}\n\nTo sign, you will enter a one-time code we send by SMS to your registered phone. The link works once and expires in {{expiresInHours}} hours; you can also sign in the portal: {{loanUrl}}',
  },
  {
    key: 'issue-replied',
    event: 'issue-replied',
    name: 'Help issue replied',
    subject: 'Re: your issue #{{issueNumber}} ({{issueSubject}})',
    html: wrap(
      '<p>Hello {{borrowerName}},</p><p>We have replied to your issue #{{issueNumber}}:</p><blockquote style="white-space:pre-wrap">{{reply}}</blockquote><p><a href="{{issueUrl}}">See the issue</a></p>',
    ),
    text: 'Hello {{borrowerName}},\n\nWe have replied to your issue #{{issueNumber}}:\n\n{{reply}}\n\nSee the issue: {{issueUrl}}\n\nOpen Lending',
  },
  {
    key: 'complaint-escalated',
    event: 'complaint-escalated',
    name: 'Complaint not resolved in 30 days',
    subject: 'Your complaint #{{issueNumber}}: you can now take it to the RBI',
    html: wrap(
      '<p>Hello {{borrowerName}},</p><p>We have not resolved your complaint #{{issueNumber}}, received on {{receivedOn}}, within 30 days. We are sorry. Our grievance officer, {{officerName}} ({{officerEmail}}), still owns it.</p><p>You can now also complain to the Reserve Bank of India under its Integrated Ombudsman Scheme: open <a href="{{rbiPortalUrl}}">{{rbiPortalUrl}}</a>, choose "File A Complaint", and quote our complaint number #{{issueNumber}}. You may also call the RBI contact centre on 14448.</p><p><a href="{{issueUrl}}">See your complaint</a></p>',
    ),
    text: 'Hello {{borrowerName}},\n\nWe have not resolved your complaint #{{issueNumber}}, received on {{receivedOn}}, within 30 days. We are sorry. Our grievance officer, {{officerName}} ({{officerEmail}}), still owns it.\n\nYou can now also complain to the Reserve Bank of India under its Integrated Ombudsman Scheme: open {{rbiPortalUrl}}, choose "File A Complaint", and quote our complaint number #{{issueNumber}}. You may also call the RBI contact centre on 14448.\n\nSee your complaint: {{issueUrl}}\n\nOpen Lending',
  },
];

export const shippedTemplate = (event: string): ShippedTemplate | undefined => SHIPPED_TEMPLATES.find((t) => t.event === event);
