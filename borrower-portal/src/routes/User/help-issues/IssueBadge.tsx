import { ISSUE_STATUS_LABELS, type IssueStatus } from '../../../api/issues';

const TONE: Record<IssueStatus, string> = { open: 'action', inProgress: 'progress', resolved: 'good', closed: 'neutral' };

export function IssueBadge({ status }: { status: IssueStatus }) {
  return <span className={`badge badge--${TONE[status]}`}>{ISSUE_STATUS_LABELS[status]}</span>;
}
