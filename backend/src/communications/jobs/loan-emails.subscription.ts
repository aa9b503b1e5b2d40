import type { Db } from '../../platform/database/database.js';
import { runForEvent } from '../../platform/observability/request-context.js';
import type { RecordedEvent } from '../../platform/event-store/event-store.port.js';
import type { Subscription } from '../../platform/subscriptions/subscription.js';
import type { BorrowerDirectory } from '../../identity/public/index.js';
import { EMAIL_QUEUE, SEND_EMAIL_JOB } from '../application/emails/email-delivery.js';
import type { TemplatedEmails } from '../application/emails/templated-emails.js';
import { eventEmailVariables, loanEmailVariables } from '../domain/loan-email-variables.js';
import { eventForLoanEvent, TEMPLATE_EVENTS } from '../domain/template-events.js';

export const LOAN_EMAILS_SUBSCRIPTION = 'loan-emails';

/**
 * Durable subscription: each loan event that has a template event (domain/template-events.ts) becomes an email to
 * the borrower through the event's active template, via the outbox and the `email` queue's send job. Idempotent per
 * event and template: the email's dedupe key is the event's position and the template's id, written with the email,
 * so a re-delivered batch writes nothing new. A payment is emailed when its money is confirmed (`RepaymentApplied`, after
 * the checker's verify or the provider's capture), a closure on `LoanClosed`; each adds its own variables
 * (domain/loan-email-variables.ts `eventEmailVariables`). An event older than the active template sends nothing (a new template
 * does not write about the past, and a first start does not email every loan in the log). The send job carries the
 * event's `metadata.correlationId`.
 */
export function loanEmailsSubscription(deps: {
  db: Db;
  emails: TemplatedEmails;
  directory: BorrowerDirectory;
  portalUrl: string;
  currency: string;
}): Subscription {
  return {
    name: LOAN_EMAILS_SUBSCRIPTION,
    eventTypes: TEMPLATE_EVENTS.flatMap((e) => (e.loanEvent ? [e.loanEvent] : [])),
    produces: [{ queue: EMAIL_QUEUE, name: SEND_EMAIL_JOB }],
    async handle(events: RecordedEvent[]): Promise<void> {
      const loanIds = [...new Set(events.map((e) => String(e.data.loanId)))];
      const contacts = new Map(
        (await deps.db.selectFrom('email_loan_contacts').selectAll().where('loan_id', 'in', loanIds).execute()).map((r) => [r.loan_id, r]),
      );
      const borrowerIds = [...new Set([...contacts.values()].map((c) => c.borrower_id))];
      const profiles = new Map((await deps.directory.profilesOf(borrowerIds)).map((p) => [p.id, p]));
      for (const event of events) {
        const templateEvent = eventForLoanEvent(event.type);
        const contact = contacts.get(String(event.data.loanId));
        const borrower = contact && profiles.get(contact.borrower_id);
        if (!templateEvent || !contact || !borrower) continue;
        const variables = loanEmailVariables(
          {
            loanId: contact.loan_id,
            loanType: contact.loan_type,
            amount: Number(contact.amount),
            tenureMonths: contact.tenure_months,
            annualRatePercent: Number(contact.annual_rate_percent),
            instalmentAmount: contact.instalment_amount === null ? null : Number(contact.instalment_amount),
            payoutReference: contact.payout_reference,
            disbursedOn: contact.disbursed_on,
            firstDueDate: contact.first_due_date,
          },
          borrower.name,
          { portalUrl: deps.portalUrl, currency: deps.currency },
        );
        Object.assign(variables, eventEmailVariables(event, deps.currency));
        // The send job carries the event's correlation id (the request that caused it): the worker logs it.
        await runForEvent(event, () =>
          deps.emails.send({
            event: templateEvent.key,
            kind: 'optional',
            to: borrower.email,
            userId: borrower.id,
            variables,
            happenedAt: event.recordedAt,
            dedupeKey: (templateId) => `loan-event:${event.position}:template:${templateId}`,
          }),
        );
      }
    },
  };
}
