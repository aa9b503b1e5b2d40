import { Inject, Injectable } from '@nestjs/common';
import { secretRef, TemplatedEmails } from '../../../communications/public/index.js';
import type { BorrowerProfile } from '../../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { formatMoney } from '../../../platform/format/format.js';
import { AgreementSignLinksRepository } from '../agreements/agreement-sign-links.repository.js';
import type { AgreementTerms, LoanType } from '../../loan/domain/loan.types.js';

/**
 * The one email of an issued agreement: the terms (amount, tenure, rate, instalment) and a single-use, expiring link
 * to read and sign it (`/Eagreement/<token>`), with the 'agreement-sign-link' template (the product's own email: the
 * shipped default when staff deactivated every template of it). The loan-emails subscription sends nothing for
 * AgreementIssued, so the borrower gets one email, not two. Idempotent per agreement (loan and document hash) and
 * template. The token is a secret of the email: the stored message and the email log show `[redacted]`; only the
 * message handed to SMTP carries it, and it is dropped once sent or when the link expires.
 */
@Injectable()
export class AgreementSignLinkMailer {
  constructor(
    private readonly links: AgreementSignLinksRepository,
    private readonly emails: TemplatedEmails,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(loanId: string, documentHash: string, loanType: LoanType, terms: AgreementTerms, borrower: BorrowerProfile): Promise<void> {
    if (!borrower.email) return;
    const hours = this.config.agreementLinkTtlHours;
    const money = (minor: number) => formatMoney(minor, this.config.product.currency);
    const { token, expiresAt } = await this.links.create(loanId, documentHash, hours);
    await this.emails.send({
      event: 'agreement-sign-link',
      kind: 'product',
      to: borrower.email,
      userId: borrower.id,
      variables: {
        borrowerName: borrower.name,
        loanReference: loanId.slice(0, 8).toUpperCase(),
        loanType: loanType === 'salaryAdvance' ? 'Salary advance' : 'EMI loan',
        amount: money(terms.principal),
        tenureMonths: String(terms.tenureMonths),
        annualRatePercent: String(terms.annualRatePercent),
        instalmentAmount: money(terms.instalmentAmount),
        loanUrl: `${this.config.publicUrl}/User/Loans/${loanId}`,
        signLink: `${this.config.publicUrl}/Eagreement/${secretRef('agreement-link')}`,
        expiresInHours: String(hours),
      },
      secretBearing: ['signLink'],
      secrets: { 'agreement-link': token },
      secretsExpireAt: expiresAt,
      dedupeKey: (templateId) => `agreement:${loanId}:${documentHash}:template:${templateId}`,
    });
  }
}
