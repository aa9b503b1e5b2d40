import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { HelpIssuePersonalData } from '../../content/public/index.js';
import { MessagePersonalData } from '../../communications/public/index.js';
import { AccountPersonalData } from '../../identity/public/index.js';
import { LoanPersonalData } from '../../lending/public/index.js';
import { ProfilePersonalData } from '../../origination/public/index.js';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { RUNTIME, type Runtime } from '../../platform/runtime.js';
import { renderDataExportPdf } from '../export/data-export-pdf.renderer.js';
import { ErasureRequestsRepository } from './erasure-requests.repository.js';
import { erasureRequestView } from './erasure-request.view.js';
import type { DataExport } from './data-export.js';
import { borrowerNotFound } from '../domain/erasure-request.js';

/** The signed-in borrower's own data, gathered from every context through its public port: as JSON, or as a PDF. */
export class GetDataExportQuery {
  constructor(
    readonly borrowerId: string,
    readonly format: 'json' | 'pdf' = 'json',
  ) {}
}

export type DataExportAnswer = { format: 'json'; data: DataExport } | { format: 'pdf'; data: DataExport; pdf: Buffer };

@QueryHandler(GetDataExportQuery)
export class GetDataExportHandler implements IQueryHandler<GetDataExportQuery> {
  constructor(
    private readonly account: AccountPersonalData,
    private readonly profile: ProfilePersonalData,
    private readonly loans: LoanPersonalData,
    private readonly messages: MessagePersonalData,
    private readonly issues: HelpIssuePersonalData,
    private readonly requests: ErasureRequestsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  async execute({ borrowerId, format }: GetDataExportQuery): Promise<DataExportAnswer> {
    const data = await this.gather(borrowerId);
    if (format === 'json') return { format, data };
    const { lender, product } = this.runtime.config;
    return { format, data, pdf: await renderDataExportPdf({ data, lender, currency: product.currency }) };
  }

  private async gather(borrowerId: string): Promise<DataExport> {
    const identity = await this.account.exportOf(borrowerId);
    if (!identity) throw borrowerNotFound(borrowerId);
    const [profile, loans, messages, helpIssues, requests] = await Promise.all([
      this.profile.exportOf(borrowerId),
      this.loans.exportOf(borrowerId),
      this.messages.exportOf(borrowerId, identity.account.phone),
      this.issues.exportOf(borrowerId),
      this.requests.ofBorrower(borrowerId),
    ]);
    return {
      kind: 'personal-data-export',
      generatedAt: this.clock.now().toISOString(),
      borrowerId,
      account: identity.account,
      sessions: identity.sessions,
      profile: profile.sections,
      uploads: profile.uploads,
      consents: profile.consents,
      loans,
      helpIssues,
      messages: messages.messages,
      pushDevices: messages.pushDevices,
      erasureRequests: requests.map(erasureRequestView),
    };
  }
}
