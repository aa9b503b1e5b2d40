import { Inject, Injectable } from '@nestjs/common';
import {
  LoanMessages,
  type AgreementSignLinkMessage,
  type AutoDebitNoticeMessage,
  type AutoDebitNoticeSent,
  type CollectorNoticeMessage,
  type InstalmentReminderMessage,
} from '../../lending/public/index.js';
import { SMS_SENDER, type SmsSender } from '../sms-sender/sms-sender.port.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { formatDate, formatMoney, plural } from '../../platform/format/format.js';
import { AUTO_DEBIT_SMS_PURPOSE, autoDebitNotice } from '../domain/auto-debit-notices.js';
import { secretRef } from '../domain/email-secrets.js';
import { loanReference, pushForReminder } from '../domain/push.js';
import { PushOutbox } from './push/push-outbox.js';
import { TemplatedEmails } from './emails/templated-emails.js';

const REMINDER_EVENT: Record<InstalmentReminderMessage['kind'], string> = {
  'due-soon': 'instalment-due-soon',
  overdue: 'instalment-overdue',
};

const loanTypeName = (type: AgreementSignLinkMessage['loanType']) => (type === 'salaryAdvance' ? 'Salary advance' : 'EMI loan');

/**
 * Lending's LoanMessages, worded and sent here, both the product's own emails (with no active template the shipped
 * default goes out, recorded as source `shipped`): the agreement's e-sign link, and a collection reminder by email and
 * by push to the borrower's registered devices. Each is idempotent: the email's dedupe key names the agreement or the
 * reminder and the template, the push's the reminder and the device.
 */
@Injectable()
export class OutboxLoanMessages implements LoanMessages {
  constructor(
    private readonly emails: TemplatedEmails,
    private readonly pushes: PushOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  /** The collector's name and contact, by SMS to the borrower (the SMS log keeps it, purpose `collector-notice`). */
  async sendCollectorNotice({ borrower, notice }: CollectorNoticeMessage): Promise<{ channel: 'sms'; to: string; status: string }> {
    const outcome = await this.sms.send({ to: borrower.phone, body: notice, purpose: 'collector-notice' });
    return { channel: 'sms', to: borrower.phone, status: outcome.status };
  }

  /**
   * An auto-debit notice (issue 32): the email through its template (the product's own: the shipped default when staff
   * deactivated every template of it), deduplicated per notice and template; the SMS through the SMS port (the SMS log
   * keeps it, purpose `auto-debit-…`). The caller (lending's claim of the notice) sends each notice once.
   */
  async sendAutoDebitNotice(notice: AutoDebitNoticeMessage): Promise<AutoDebitNoticeSent> {
    const { template, variables, sms } = autoDebitNotice(notice, {
      lenderName: this.config.lender.name,
      portalUrl: this.config.publicUrl,
      currency: this.config.product.currency,
    });
    const email = await this.emails.send({
      event: template,
      kind: 'product',
      to: notice.borrower.email,
      userId: notice.borrower.id,
      variables,
      dedupeKey: (templateId) => `auto-debit:${notice.noticeId}:template:${templateId}`,
    });
    if (!notice.borrower.phone) return { emailId: email?.id, sms: 'no-phone' };
    const outcome = await this.sms.send({ to: notice.borrower.phone, body: sms, purpose: AUTO_DEBIT_SMS_PURPOSE[notice.kind] });
    return { emailId: email?.id, sms: outcome.status };
  }

  private money(minor: number): string {
    return formatMoney(minor, this.config.product.currency);
  }

  async sendAgreementSignLink({
    loanId,
    documentHash,
    loanType,
    terms,
    borrower,
    token,
    expiresAt,
    validForHours,
  }: AgreementSignLinkMessage): Promise<void> {
    await this.emails.send({
      event: 'agreement-sign-link',
      kind: 'product',
      to: borrower.email,
      userId: borrower.id,
      variables: {
        borrowerName: borrower.name,
        loanReference: loanReference(loanId),
        loanType: loanTypeName(loanType),
        amount: this.money(terms.principal),
        tenureMonths: String(terms.tenureMonths),
        annualRatePercent: String(terms.annualRatePercent),
        instalmentAmount: this.money(terms.instalmentAmount),
        loanUrl: `${this.config.publicUrl}/User/Loans/${loanId}`,
        signLink: `${this.config.publicUrl}/Eagreement/${secretRef('agreement-link')}`,
        expiresInHours: String(validForHours),
      },
      secretBearing: ['signLink'],
      secrets: { 'agreement-link': token },
      secretsExpireAt: expiresAt,
      dedupeKey: (templateId) => `agreement:${loanId}:${documentHash}:template:${templateId}`,
    });
  }

  async sendInstalmentReminder(reminder: InstalmentReminderMessage): Promise<{ emailId: string | undefined; pushes: number }> {
    const { reminderId, kind, loanId, borrower } = reminder;
    const loanUrl = `${this.config.publicUrl}/User/Loans/${loanId}`;
    const email = await this.emails.send({
      event: REMINDER_EVENT[kind],
      kind: 'product',
      to: borrower.email,
      userId: borrower.id,
      variables: {
        borrowerName: borrower.name,
        loanReference: loanReference(loanId),
        loanId,
        loanType: loanTypeName(reminder.loanType),
        amount: this.money(reminder.amount),
        loanUrl,
        payUrl: `${loanUrl}#pay`,
        instalmentNumber: String(reminder.instalmentNumber),
        dueDate: formatDate(reminder.dueOn),
        amountDue: this.money(reminder.amountDue),
        daysPastDue: String(reminder.daysPastDue),
        overdueBy: plural(reminder.daysPastDue, 'day'),
      },
      dedupeKey: (templateId) => `${reminderId}:template:${templateId}`,
    });
    const pushes = await this.pushes.send({
      userId: borrower.id,
      message: pushForReminder(
        { loanId, kind, instalmentNumber: reminder.instalmentNumber, dueDate: reminder.dueOn, amountDue: reminder.amountDue },
        { currency: this.config.product.currency, portalUrl: this.config.publicUrl },
      ),
      about: reminderId,
    });
    return { emailId: email?.id, pushes };
  }
}
