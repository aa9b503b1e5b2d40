import { Inject, Injectable } from '@nestjs/common';
import { DB, type Db } from '../../platform/database/database.js';
import { HelpIssuePersonalData, type HelpIssueRecord } from '../public/help-issue-personal-data.port.js';

/** HelpIssuePersonalData over `help_issues` and their messages. */
@Injectable()
export class StoredHelpIssuePersonalData extends HelpIssuePersonalData {
  constructor(@Inject(DB) private readonly db: Db) {
    super();
  }

  async exportOf(borrowerId: string): Promise<HelpIssueRecord[]> {
    const issues = await this.db
      .selectFrom('help_issues')
      .select(['id', 'number', 'category', 'loan_id', 'message', 'status', 'created_at', 'resolved_at'])
      .where('borrower_id', '=', borrowerId)
      .orderBy('created_at')
      .execute();
    if (issues.length === 0) return [];
    const messages = await this.db
      .selectFrom('help_issue_messages')
      .select(['issue_id', 'author_role', 'message', 'created_at'])
      .where(
        'issue_id',
        'in',
        issues.map((i) => i.id),
      )
      .where('internal', '=', false)
      .orderBy('created_at')
      .execute();
    return issues.map((i) => ({
      number: i.number,
      category: i.category,
      loanId: i.loan_id,
      status: i.status,
      raisedAt: new Date(i.created_at).toISOString(),
      resolvedAt: i.resolved_at ? new Date(i.resolved_at).toISOString() : null,
      messages: [
        { from: 'you' as const, message: i.message, at: new Date(i.created_at).toISOString() },
        ...messages
          .filter((m) => m.issue_id === i.id)
          .map((m) => ({
            from: m.author_role === 'borrower' ? ('you' as const) : ('us' as const),
            message: m.message,
            at: new Date(m.created_at).toISOString(),
          })),
      ],
    }));
  }

  async eraseIssues(trx: Db, borrowerId: string): Promise<number> {
    const ids = trx.selectFrom('help_issues').select('id').where('borrower_id', '=', borrowerId);
    await trx.deleteFrom('help_issue_messages').where('issue_id', 'in', ids).execute();
    await trx.deleteFrom('help_issue_changes').where('issue_id', 'in', ids).execute();
    const deleted = await trx.deleteFrom('help_issues').where('borrower_id', '=', borrowerId).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
