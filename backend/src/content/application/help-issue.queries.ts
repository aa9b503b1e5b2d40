import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { StaffMembers } from '../../identity/public/index.js';
import { BorrowerDocuments } from '../../origination/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import type { ListParams } from '../../platform/query/list-params.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { IssueNotFound } from '../domain/help-issue.js';
import { HelpIssuesRepository, type IssueListFilter } from './help-issues.repository.js';
import { HelpIssueViews } from './help-issue.views.js';

export class ListMyIssues {
  constructor(readonly borrowerId: string) {}
}

@QueryHandler(ListMyIssues)
export class ListMyIssuesHandler implements IQueryHandler<ListMyIssues> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly views: HelpIssueViews,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  async execute({ borrowerId }: ListMyIssues) {
    return this.views.borrowerRows(await this.issues.ofBorrower(borrowerId), this.clock.now());
  }
}

export class GetMyIssue {
  constructor(
    readonly borrowerId: string,
    readonly issueId: string,
  ) {}
}

/** One of the borrower's issues with the replies they may see; another's is 404 like none. */
@QueryHandler(GetMyIssue)
export class GetMyIssueHandler implements IQueryHandler<GetMyIssue> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly views: HelpIssueViews,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  async execute({ borrowerId, issueId }: GetMyIssue) {
    const row = await this.issues.find(issueId, borrowerId);
    if (!row) throw new IssueNotFound(issueId);
    return this.views.borrowerDetail(row, await this.issues.messagesOf(issueId, false), this.clock.now());
  }
}

export class ListIssues {
  constructor(
    readonly filter: IssueListFilter,
    readonly sort: ListParams['sort'],
    readonly range: ListParams['range'],
  ) {}
}

@QueryHandler(ListIssues)
export class ListIssuesHandler implements IQueryHandler<ListIssues> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly views: HelpIssueViews,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  async execute({ filter, sort, range }: ListIssues) {
    const now = this.clock.now();
    const { rows, total } = await this.issues.list(filter, sort, range, now, this.config.issues.slaHours);
    return { rows: await this.views.staffRows(rows, now), total };
  }
}

export class GetIssue {
  constructor(readonly issueId: string) {}
}

@QueryHandler(GetIssue)
export class GetIssueHandler implements IQueryHandler<GetIssue> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly views: HelpIssueViews,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}
  async execute({ issueId }: GetIssue) {
    const row = await this.issues.find(issueId);
    if (!row) throw new IssueNotFound(issueId);
    return this.views.staffDetail(row, await this.issues.messagesOf(issueId, true), await this.issues.changesOf(issueId), this.clock.now());
  }
}

export class ListIssueAssignees {}

/** Whom an issue may be assigned to: active staff whose role grants issues.manage. */
@QueryHandler(ListIssueAssignees)
export class ListIssueAssigneesHandler implements IQueryHandler<ListIssueAssignees> {
  constructor(private readonly staff: StaffMembers) {}
  async execute() {
    return (await this.staff.activeMembersWith('issues.manage')).map((m) => ({ id: m.id, name: m.name }));
  }
}

export class ReadIssueAttachment {
  constructor(
    readonly issueId: string,
    readonly documentId: string,
  ) {}
}

/** An attachment of an issue, for staff: only a document attached to that issue (and its borrower's). */
@QueryHandler(ReadIssueAttachment)
export class ReadIssueAttachmentHandler implements IQueryHandler<ReadIssueAttachment> {
  constructor(
    private readonly issues: HelpIssuesRepository,
    private readonly documents: BorrowerDocuments,
  ) {}
  async execute({ issueId, documentId }: ReadIssueAttachment) {
    const row = await this.issues.find(issueId);
    if (!row) throw new IssueNotFound(issueId);
    const document = row.attachment_ids.includes(documentId) ? await this.documents.read(row.borrower_id, documentId) : undefined;
    if (!document) throw new IssueNotFound(`${issueId}/attachments/${documentId}`);
    return document;
  }
}
