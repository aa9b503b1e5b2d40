import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BorrowerDirectory } from '../../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { CLOCK, type Clock } from '../../../platform/clock.js';
import { AgreementDocumentsRepository } from '../agreements/agreement-documents.repository.js';
import { renderAgreementPdf } from '../agreements/agreement-pdf.renderer.js';
import { allowedActions } from '../../loan/domain/loan-actions.js';
import { IllegalTransition, LoanNotFound } from '../../loan/domain/loan.errors.js';
import type { Actor } from '../../loan/domain/loan.types.js';
import { AgreementSignLinkMailer } from './agreement-sign-link-mailer.js';
import { LoanCommandExecutor } from '../../loan/application/loan-command-executor.js';
import { coolingOffSettings, loanKfs } from './loan-kfs.js';

export class IssueAgreementCommand {
  constructor(
    readonly actor: Actor,
    readonly loanId: string,
    readonly note?: string,
    readonly idempotencyKey?: string,
  ) {}
}

/**
 * Renders the agreement from the loan's own terms, stores the PDF under its SHA-256, and records that hash in
 * AgreementIssued, so the borrower can later sign exactly the document they were shown. Page 1 is the Key Facts
 * Statement, so the hash covers it. Once recorded, the borrower is emailed the agreement's one email: its terms and a
 * single-use link to sign it.
 */
@CommandHandler(IssueAgreementCommand)
export class IssueAgreementHandler implements ICommandHandler<IssueAgreementCommand> {
  constructor(
    private readonly executor: LoanCommandExecutor,
    private readonly borrowers: BorrowerDirectory,
    private readonly documents: AgreementDocumentsRepository,
    private readonly signLinks: AgreementSignLinkMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actor, loanId, note, idempotencyKey }: IssueAgreementCommand) {
    const request = { note };
    const repeat = await this.executor.previousAnswer(actor, idempotencyKey, loanId, 'IssueAgreement', request);
    if (repeat) return repeat;
    const loaded = await this.executor.load(loanId, actor);
    const loan = loaded.state;
    if (loan.status === 'none') throw new LoanNotFound(loanId);
    // Checked before rendering so a refused move costs no PDF; the decider checks again on append.
    if (!allowedActions(loan.status).includes('issue-agreement'))
      throw new IllegalTransition(loan.status, 'issue-agreement', allowedActions(loan.status));
    const borrower = await this.borrowers.profileOf(loan.borrowerId);
    const at = this.clock.now().toISOString();
    const { terms, schedule, kfs } = loanKfs(loan, this.config);
    const pdf = await renderAgreementPdf({
      loanId,
      loanType: loan.loanType,
      issuedAt: at,
      lender: this.config.lender,
      borrower: { name: borrower?.name ?? '(unknown)', email: borrower?.email ?? '', phone: borrower?.phone ?? '' },
      terms,
      schedule,
      kfs,
    });
    const documentHash = createHash('sha256').update(pdf).digest('hex');
    await this.documents.save(documentHash, loanId, pdf);
    const result = await this.executor.execute(
      {
        type: 'IssueAgreement',
        data: { loanId, actor, at, documentHash, coolingOff: coolingOffSettings(this.config), ...(note ? { reason: note } : {}) },
      },
      { idempotencyKey, loaded, request },
    );
    if (borrower) await this.signLinks.send(loanId, documentHash, loan.loanType, terms, borrower);
    return result;
  }
}
