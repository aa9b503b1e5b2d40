import type { IssueCategory, IssueStatus } from '@lending/web-common/api';

export const STATUS_CHOICES: { id: IssueStatus; name: string }[] = [
  { id: 'open', name: 'Open' },
  { id: 'inProgress', name: 'In progress' },
  { id: 'resolved', name: 'Resolved' },
  { id: 'closed', name: 'Closed' },
];

export const CATEGORY_CHOICES: { id: IssueCategory; name: string }[] = [
  { id: 'loanApplication', name: 'Loan application' },
  { id: 'repayment', name: 'Repayment' },
  { id: 'disbursal', name: 'Disbursal' },
  { id: 'account', name: 'Account and sign-in' },
  { id: 'documents', name: 'Documents' },
  { id: 'other', name: 'Something else' },
];

export const statusLabel = (status: IssueStatus) => STATUS_CHOICES.find((c) => c.id === status)?.name ?? status;

/** "30 h" or "3 d 4 h": an issue's age. */
export const ageText = (hours: number) => (hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d ${hours % 24} h`);
