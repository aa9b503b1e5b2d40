import { DomainError } from '../../platform/errors/domain-error.js';

/** What a borrower's issue is about (the portal's Help form offers these). */
export const ISSUE_CATEGORIES = ['loanApplication', 'repayment', 'disbursal', 'account', 'documents', 'complaint', 'other'] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

export const ISSUE_CATEGORY_LABELS: Record<IssueCategory, string> = {
  loanApplication: 'Loan application',
  repayment: 'Repayment',
  disbursal: 'Disbursal',
  account: 'Account and sign-in',
  documents: 'Documents',
  complaint: 'Complaint (grievance)',
  other: 'Something else',
};

/** An issue's life: open → in progress → resolved → closed; a resolved issue may be reopened (back in progress). */
export const ISSUE_STATUSES = ['open', 'inProgress', 'resolved', 'closed'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

const NEXT: Record<IssueStatus, readonly IssueStatus[]> = {
  open: ['inProgress'],
  inProgress: ['resolved'],
  resolved: ['closed', 'inProgress'],
  closed: [],
};

/** The statuses staff may move an issue in `status` to. */
export const nextStatuses = (status: IssueStatus): readonly IssueStatus[] => NEXT[status];

/** The status after staff move it to `to`; refuses a move the life above does not have (and a move to where it is). */
export function moveIssue(from: IssueStatus, to: IssueStatus): IssueStatus {
  if (!NEXT[from].includes(to)) throw new IllegalIssueTransition(from, to);
  return to;
}

/**
 * The status after someone replies: a closed issue takes no more replies; a borrower's reply to a resolved issue
 * reopens it; staff's public reply to an open issue puts it in progress (someone is on it); otherwise unchanged.
 */
export function statusAfterReply(status: IssueStatus, by: 'borrower' | 'staff', internal: boolean): IssueStatus {
  if (status === 'closed') throw new IssueClosed();
  if (by === 'borrower' && status === 'resolved') return 'inProgress';
  if (by === 'staff' && !internal && status === 'open') return 'inProgress';
  return status;
}

export type IssueClock = { createdAt: Date; resolvedAt: Date | null; status: IssueStatus };
export type IssueAge = { ageHours: number; dueAt: Date; overdue: boolean };

const HOUR = 3600_000;

/**
 * An issue's age against the service level: hours from raising it to its resolution (or to `now` while it is
 * unresolved), when it falls due, and whether it is overdue (unresolved past its due time, or resolved late).
 */
export function issueAge(issue: IssueClock, now: Date, slaHours: number): IssueAge {
  const dueAt = new Date(issue.createdAt.getTime() + slaHours * HOUR);
  const settled = issue.status === 'resolved' || issue.status === 'closed';
  const end = settled && issue.resolvedAt ? issue.resolvedAt : now;
  const ageHours = Math.max(0, Math.floor((end.getTime() - issue.createdAt.getTime()) / HOUR));
  return { ageHours, dueAt, overdue: end.getTime() > dueAt.getTime() };
}

/** The issue's resolution time after a move: set when it becomes resolved, cleared when it is reopened. */
export function resolvedAtAfter(to: IssueStatus, current: Date | null, now: Date): Date | null {
  if (to === 'resolved') return now;
  if (to === 'inProgress' || to === 'open') return null;
  return current;
}

export class IllegalIssueTransition extends DomainError {
  readonly code = 'ISSUE.ILLEGAL_TRANSITION';
  readonly kind = 'conflict';
  constructor(from: IssueStatus, to: IssueStatus) {
    super(
      `An issue that is ${from} cannot become ${to}${NEXT[from].length ? ` (it may become: ${NEXT[from].join(', ')})` : ' (it is closed)'}.`,
      { from, to },
    );
  }
}

export class IssueClosed extends DomainError {
  readonly code = 'ISSUE.CLOSED';
  readonly kind = 'conflict';
  constructor() {
    super('This issue is closed and takes no more replies: raise a new one.', {});
  }
}

export class IssueNotFound extends DomainError {
  readonly code = 'ISSUE.NOT_FOUND';
  readonly kind = 'not-found';
  constructor(id: string) {
    super(`No issue has the id ${id}.`, { id });
  }
}

export class InvalidIssue extends DomainError {
  readonly code = 'ISSUE.VALIDATION_FAILED';
  readonly kind = 'invalid';
  override readonly title = 'Your request has invalid fields';
  constructor(readonly fields: { name: string; message: string }[]) {
    super(fields.map((f) => f.message).join('; '), { fields });
  }
}
