import { Inject, Injectable } from '@nestjs/common';
import { BorrowerDirectory, StaffMembers } from '../../identity/public/index.js';
import { BorrowerDocuments } from '../../origination/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { ISSUE_CATEGORY_LABELS, issueAge, nextStatuses, type IssueCategory, type IssueStatus } from '../domain/help-issue.js';
import { GRIEVANCE_CATEGORY, GRIEVANCE_SLA_DAYS, grievanceDueAt, RBI_COMPLAINT_PORTAL, RBI_PORTAL_STEPS } from '../domain/grievance.js';
import type { IssueMessageRow, IssueRow } from './help-issues.repository.js';

const iso = (v: Date | string) => new Date(v).toISOString();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A complaint's grievance facts, for staff and its borrower alike: the owner (the KFS's grievance officer), when it is
 * due (30 days), and once escalated the RBI's complaint portal with how to use it; null for any other issue.
 */
function grievanceView(r: IssueRow) {
  if (r.category !== GRIEVANCE_CATEGORY || r.grievance_officer === null) return null;
  const escalatedAt = r.escalated_at === null ? null : iso(r.escalated_at);
  return {
    officer: r.grievance_officer,
    dueAt: grievanceDueAt(new Date(r.created_at)).toISOString(),
    slaDays: GRIEVANCE_SLA_DAYS,
    escalated: escalatedAt !== null,
    escalatedAt,
    rbiPortal: escalatedAt === null ? null : { url: RBI_COMPLAINT_PORTAL, steps: [...RBI_PORTAL_STEPS] },
  };
}
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/**
 * How issues answer: an allow-list of fields per audience. Staff see the borrower, the assignee, internal notes and
 * the audit trail; the borrower sees their issue and the replies that are not internal, staff named only as "Support".
 */
@Injectable()
export class HelpIssueViews {
  constructor(
    private readonly borrowers: BorrowerDirectory,
    private readonly staff: StaffMembers,
    private readonly documents: BorrowerDocuments,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private base(r: IssueRow, now: Date) {
    const age = issueAge(
      { createdAt: new Date(r.created_at), resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at), status: r.status },
      now,
      this.config.issues.slaHours,
    );
    return {
      id: r.id,
      number: r.number,
      category: r.category as IssueCategory,
      categoryLabel: ISSUE_CATEGORY_LABELS[r.category as IssueCategory] ?? r.category,
      loanId: r.loan_id,
      message: r.message,
      status: r.status as IssueStatus,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      resolvedAt: isoOrNull(r.resolved_at),
      ageHours: age.ageHours,
      dueAt: age.dueAt.toISOString(),
      overdue: age.overdue,
      slaHours: this.config.issues.slaHours,
      grievance: grievanceView(r),
    };
  }

  /** Staff's list rows: with the borrower's name and the assignee's. */
  async staffRows(rows: IssueRow[], now: Date) {
    const [borrowers, members] = await Promise.all([
      this.borrowers.profilesOf([...new Set(rows.map((r) => r.borrower_id))]),
      this.staff.membersOf([...new Set(rows.flatMap((r) => (r.assigned_to ? [r.assigned_to] : [])))]),
    ]);
    const borrowerName = new Map(borrowers.map((b) => [b.id, b.name]));
    const staffName = new Map(members.map((m) => [m.id, m.name]));
    return rows.map((r) => ({
      ...this.base(r, now),
      borrowerId: r.borrower_id,
      borrowerName: borrowerName.get(r.borrower_id) ?? null,
      assignedTo: r.assigned_to,
      assigneeName: r.assigned_to ? (staffName.get(r.assigned_to) ?? null) : null,
      attachmentCount: r.attachment_ids.length,
    }));
  }

  /** One issue for staff: everything, internal notes and the audit trail included. */
  async staffDetail(
    r: IssueRow,
    messages: IssueMessageRow[],
    changes: { field: string; from_value: string | null; to_value: string | null; changed_by: string; changed_at: Date | string }[],
    now: Date,
  ) {
    const [row] = await this.staffRows([r], now);
    const [profile, attachments, authors] = await Promise.all([
      this.borrowers.profileOf(r.borrower_id),
      this.documents.ownedBy(r.borrower_id, r.attachment_ids),
      this.staff.membersOf(
        [
          ...new Set([
            ...messages.filter((m) => m.author_role === 'staff').map((m) => m.author_id),
            ...changes.map((c) => c.changed_by),
            ...changes
              .filter((c) => c.field === 'assignedTo')
              .flatMap((c) => [c.from_value, c.to_value].filter((v): v is string => v !== null)),
          ]),
        ].filter((id) => UUID.test(id)), // a job (`system:grievances`) changes issues too: only staff ids have a name
      ),
    ]);
    const staffName = new Map(authors.map((m) => [m.id, m.name]));
    return {
      ...row,
      borrowerEmail: profile?.email ?? null,
      borrowerPhone: profile?.phone ?? null,
      nextStatuses: [...nextStatuses(r.status)],
      attachments: attachments.map((d) => ({
        id: d.id,
        kind: d.kind,
        contentType: d.contentType,
        size: d.size,
        url: `/api/admin/issues/${r.id}/attachments/${d.id}`,
      })),
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author_role,
        authorName: m.author_role === 'staff' ? (staffName.get(m.author_id) ?? 'Staff') : (profile?.name ?? 'Borrower'),
        message: m.message,
        internal: m.internal,
        emailed: m.email_id !== null,
        createdAt: iso(m.created_at),
      })),
      changes: changes.map((c) => ({
        field: c.field,
        from: c.field === 'assignedTo' && c.from_value ? (staffName.get(c.from_value) ?? c.from_value) : c.from_value,
        to: c.field === 'assignedTo' && c.to_value ? (staffName.get(c.to_value) ?? c.to_value) : c.to_value,
        by: staffName.get(c.changed_by) ?? (c.changed_by === r.borrower_id ? (profile?.name ?? 'Borrower') : c.changed_by),
        at: iso(c.changed_at),
      })),
    };
  }

  /** The borrower's list rows. */
  borrowerRows(rows: IssueRow[], now: Date) {
    return rows.map((r) => ({ ...this.base(r, now), attachmentCount: r.attachment_ids.length }));
  }

  /** One issue for its borrower: the replies that are not internal, staff named as "Support". */
  async borrowerDetail(r: IssueRow, messages: IssueMessageRow[], now: Date) {
    const attachments = await this.documents.ownedBy(r.borrower_id, r.attachment_ids);
    return {
      ...this.base(r, now),
      attachmentCount: r.attachment_ids.length,
      attachments: attachments.map((d) => ({
        id: d.id,
        kind: d.kind,
        contentType: d.contentType,
        size: d.size,
        url: `/api/me/documents/${d.id}`,
      })),
      replies: messages
        .filter((m) => !m.internal)
        .map((m) => ({
          id: m.id,
          from: m.author_role === 'staff' ? ('support' as const) : ('you' as const),
          message: m.message,
          createdAt: iso(m.created_at),
        })),
    };
  }
}
