import { Inject, Injectable } from '@nestjs/common';
import type { BorrowerProfile } from '../../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { AgreementSignLinksRepository } from '../agreements/agreement-sign-links.repository.js';
import type { AgreementTerms, LoanType } from '../../loan/domain/loan.types.js';
import { LoanMessages } from '../../public/loan-messages.port.js';

/**
 * The one email of an issued agreement: the terms (amount, tenure, rate, instalment) and a single-use, expiring link
 * to read and sign it (`/Eagreement/<token>`), sent through the LoanMessages port: communications' 'agreement-sign-link'
 * template (the product's own email: the shipped default when staff deactivated every template of it). The
 * loan-emails subscription sends nothing for
 * AgreementIssued, so the borrower gets one email, not two. Idempotent per agreement (loan and document hash) and
 * template. The token is a secret of the email: the stored message and the email log show `[redacted]`; only the
 * message handed to SMTP carries it, and it is dropped once sent or when the link expires.
 */
@Injectable()
export class AgreementSignLinkMailer {
  constructor(
    private readonly links: AgreementSignLinksRepository,
    private readonly messages: LoanMessages,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(loanId: string, documentHash: string, loanType: LoanType, terms: AgreementTerms, borrower: BorrowerProfile): Promise<void> {
    if (!borrower.email) return;
    const hours = this.config.agreementLinkTtlHours;
    const { token, expiresAt } = await this.links.create(loanId, documentHash, hours);
    await this.messages.sendAgreementSignLink({ loanId, documentHash, loanType, terms, borrower, token, expiresAt, validForHours: hours });
  }
}
