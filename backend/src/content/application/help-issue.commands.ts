import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory, StaffMembers, type Actor } from '../../identity/public/index.js';
import { BorrowerLoans } from '../../lending/public/index.js';
import { TemplatedEmails } from '../../communications/public/index.js';
import { BorrowerDocuments } from '../../origination/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import {
  InvalidIssue,
  ISSUE_CATEGORY_LABELS,
  IssueNotFound,
  moveIssue,
  resolvedAtAfter,
  statusAfterReply,
  type IssueCategory,
  type IssueStatus,
} from '../domain/help-issue.js';
import { GRIEVANCE_CATEGORY } from '../domain/grievance.js';
import { HelpIssuesRepository, type IssueChange, type IssueEdit, type IssueRow } from './help-issues.repository.js';
import { HelpIssueViews } from './help-issue.views.js';

/** The columns and audit rows of a status move (none when the status stays). */
function statusEdit(row: IssueRow, to: IssueStatus, now: Date): IssueEdit {
  if (to === row.status) return { set: {}, changes: [] };
  const resolvedAt = resolvedAtAfter(to, row.resolved_at === null ? null : new Date(row.resolved_at), now);
  return { set: { status: to, resolved_at: resolvedAt }, changes: [{ field: 'status', from: row.status, to }] };
}

export class RaiseIssue {
  constructor(
    readonly borrowerId: string,
    readonly fields: { category: IssueCategory; loanId: string | null; message: string; attachmentIds: string[] },
  ) {}
}

/** A borrower raises an issue: the loan must be theirs, and each attachment one of their own uploads. */
@CommandHandler(RaiseIssue)
export class RaiseIssueHandler implements ICommandHandler<RaiseIssue> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly loans: BorrowerLoans,
    private readonly documents: BorrowerDocuments,
    private readonly views: HelpIssueViews,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly staff: StaffMembers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ borrowerId, fields }: RaiseIssue) {
    const problems: { name: string; message: string }[] = [];
    if (fields.loanId && !(await this.loans.owns(borrowerId, fields.loanId)))
      problems.push({ name: 'loanId', message: 'loanId must be one of your loans' });
    const ids = [...new Set(fields.attachmentIds)];
    const owned = await this.documents.ownedBy(borrowerId, ids);
    if (owned.length !== ids.length)
      problems.push({ name: 'attachmentIds', message: 'each attachment must be one of your uploaded documents (POST /api/me/documents)' });
    if (problems.length > 0) throw new InvalidIssue(problems);
    const row = await this.issues.create({ borrowerId, ...fields, attachmentIds: ids, ...(await this.grievanceOwner(fields.category)) });
    return this.views.borrowerDetail(row, [], this.clock.now());
  }

  /**
   * A complaint's owner is the grievance officer the KFS names (GRIEVANCE_OFFICER_*); when a staff member who works
   * issues has the officer's email, the complaint is assigned to them too.
   */
  private async grievanceOwner(category: IssueCategory) {
    if (category !== GRIEVANCE_CATEGORY) return {};
    const { name, phone, email } = this.config.kfs.grievanceOfficer;
    const officer = (await this.staff.activeMembersWith('issues.manage')).find((m) => m.email.toLowerCase() === email.toLowerCase());
    return { grievanceOfficer: { name, phone, email }, ...(officer ? { assignedTo: officer.id } : {}) };
  }
}

export class ReplyToMyIssue {
  constructor(
    readonly borrowerId: string,
    readonly issueId: string,
    readonly message: string,
  ) {}
}

/** The borrower adds to their issue (a resolved one is reopened; a closed one refuses); another's is 404. */
@CommandHandler(ReplyToMyIssue)
export class ReplyToMyIssueHandler implements ICommandHandler<ReplyToMyIssue> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly views: HelpIssueViews,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ borrowerId, issueId, message }: ReplyToMyIssue) {
    const now = this.clock.now();
    const saved = await this.issues.addMessage(
      issueId,
      { authorId: borrowerId, authorRole: 'borrower', message, internal: false },
      (row) => statusEdit(row, statusAfterReply(row.status, 'borrower', false), now),
      borrowerId,
    );
    if (!saved) throw new IssueNotFound(issueId);
    return this.views.borrowerDetail(saved.issue, await this.issues.messagesOf(issueId, false), now);
  }
}

export class UpdateIssue {
  constructor(
    readonly actor: Actor,
    readonly issueId: string,
    readonly fields: { status?: IssueStatus; assignedTo?: string | null },
  ) {}
}

/** Staff move an issue along its life and (re)assign it to staff who work issues; each change audited. */
@CommandHandler(UpdateIssue)
export class UpdateIssueHandler implements ICommandHandler<UpdateIssue> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly staff: StaffMembers,
    private readonly views: HelpIssueViews,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, issueId, fields }: UpdateIssue) {
    if (fields.assignedTo) {
      const [member] = await this.staff.activeMembersWith('issues.manage', [fields.assignedTo]);
      if (!member)
        throw new InvalidIssue([
          { name: 'assignedTo', message: 'assignedTo must be an active staff member who works issues (issues.manage)' },
        ]);
    }
    const now = this.clock.now();
    const row = await this.issues.change(issueId, actor.id, (current) => {
      const status = fields.status === undefined || fields.status === current.status ? undefined : moveIssue(current.status, fields.status);
      const edit = status ? statusEdit(current, status, now) : { set: {}, changes: [] as IssueChange[] };
      if (fields.assignedTo !== undefined && fields.assignedTo !== current.assigned_to) {
        edit.set = { ...edit.set, assigned_to: fields.assignedTo };
        edit.changes = [...edit.changes, { field: 'assignedTo', from: current.assigned_to, to: fields.assignedTo }];
      }
      return edit;
    });
    if (!row) throw new IssueNotFound(issueId);
    return this.views.staffDetail(row, await this.issues.messagesOf(issueId, true), await this.issues.changesOf(issueId), now);
  }
}

export class ReplyToIssue {
  constructor(
    readonly actor: Actor,
    readonly issueId: string,
    readonly message: string,
    readonly internal: boolean,
  ) {}
}

/**
 * Staff reply to an issue, or add an internal note. A reply (not a note) is emailed to the borrower through the
 * `issue-replied` template (its shipped default when staff have none active); a note is never shown nor emailed.
 */
@CommandHandler(ReplyToIssue)
export class ReplyToIssueHandler implements ICommandHandler<ReplyToIssue> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly borrowers: BorrowerDirectory,
    private readonly emails: TemplatedEmails,
    private readonly views: HelpIssueViews,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, issueId, message, internal }: ReplyToIssue) {
    const now = this.clock.now();
    const saved = await this.issues.addMessage(issueId, { authorId: actor.id, authorRole: 'staff', message, internal }, (row) =>
      statusEdit(row, statusAfterReply(row.status, 'staff', internal), now),
    );
    if (!saved) throw new IssueNotFound(issueId);
    if (!internal) {
      const profile = await this.borrowers.profileOf(saved.issue.borrower_id);
      if (profile) {
        const sent = await this.emails.send({
          event: 'issue-replied',
          to: profile.email,
          userId: profile.id,
          kind: 'product',
          variables: {
            borrowerName: profile.name,
            issueNumber: String(saved.issue.number),
            issueSubject: ISSUE_CATEGORY_LABELS[saved.issue.category as IssueCategory] ?? saved.issue.category,
            reply: message,
            issueUrl: `${this.config.publicUrl}/User/Help?issue=${saved.issue.id}`,
          },
        });
        if (sent) await this.issues.setReplyEmail(saved.message.id, sent.id);
      }
    }
    return this.views.staffDetail(saved.issue, await this.issues.messagesOf(issueId, true), await this.issues.changesOf(issueId), now);
  }
}
