import { api } from '@lending/web-common/http';
import type { IssueCategory, IssueStatus, MyIssue, MyIssueRow, RaiseIssueBody } from '@lending/web-common/api';

/** The borrower's help issues (/api/me/issues), typed from the OpenAPI document. */
export type { IssueCategory, IssueStatus, MyIssue, MyIssueRow };

export const ISSUE_CATEGORIES: { value: IssueCategory; label: string }[] = [
  { value: 'loanApplication', label: 'Loan application' },
  { value: 'repayment', label: 'Repayment' },
  { value: 'disbursal', label: 'Disbursal' },
  { value: 'account', label: 'Account and sign-in' },
  { value: 'documents', label: 'Documents' },
  { value: 'complaint', label: 'Complaint (grievance)' },
  { value: 'other', label: 'Something else' },
];

export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  open: 'Open',
  inProgress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const listIssues = (signal?: AbortSignal) => api<MyIssueRow[]>('/me/issues', { signal });
export const getIssue = (id: string, signal?: AbortSignal) => api<MyIssue>(`/me/issues/${id}`, { signal });
export const raiseIssue = (body: RaiseIssueBody) => api<MyIssue>('/me/issues', { method: 'POST', body });
export const replyToIssue = (id: string, message: string) =>
  api<MyIssue>(`/me/issues/${id}/replies`, { method: 'POST', body: { message } });
