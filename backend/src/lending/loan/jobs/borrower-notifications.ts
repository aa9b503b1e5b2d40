import type { Job } from 'bullmq';
import type { Db } from '../../../platform/database/database.js';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { JobDefinition } from '../../../platform/queue/job-definition.js';
import type { QueueBackend } from '../../../platform/queue/queue-backend.js';
import type { Subscription } from '../../../platform/subscriptions/subscription.js';

export const NOTIFICATIONS_QUEUE = 'notifications';
export const NOTIFY_BORROWER_JOB = 'loan.notify-borrower';

/** What the borrower is told when their loan moves; events not listed here say nothing to the borrower. */
const MESSAGES: Record<string, string> = {
  LoanApplicationSubmitted: 'We have received your application and will review it shortly.',
  SoftCheckApproved: 'Your application passed our credit check. Next we verify your bank account.',
  BankVerificationApproved: 'Your bank account is verified. Your loan agreement is being prepared.',
  AgreementIssued: 'Your loan agreement is ready. Please read it, and sign it if you agree.',
  AgreementSigned: 'Thank you for signing. Your loan is in final approval.',
  FinalApprovalGranted: 'Your loan is approved and will be paid out shortly.',
  LoanDisbursed: 'Your loan has been paid out. Your repayment schedule is now in your account.',
  LoanRejected: 'We are sorry: we cannot offer you this loan at this time.',
  LoanApplicationCancelled: 'Your loan application has been cancelled.',
  MandateRegistered: 'Your auto-debit mandate is active: each instalment will be collected on its due date.',
  MandateRegistrationFailed: 'Your auto-debit mandate was not authorised. You can try again from your loan page.',
  PreDebitNotified: 'Your next instalment will be collected by UPI AutoPay within a day or two. Keep the amount in your account.',
  PresentationBounced: 'Your bank returned the auto-debit of your instalment. Please pay now from your loan page to avoid further charges.',
  MandateCancelled: 'Your auto-debit mandate is cancelled. Please pay each instalment from your loan page by its due date.',
};

/** A mandate cancelled because the loan ended: nothing more is owed by it, so the borrower is not told to pay. */
const MANDATE_ENDED_WITH_LOAN: Record<string, string> = {
  'loan-closed': 'Your loan is closed, so its auto-debit mandate is cancelled: nothing more will be debited.',
  'loan-settled': 'Your loan is settled, so its auto-debit mandate is cancelled: nothing more will be debited.',
  'loan-written-off': 'Your auto-debit mandate is cancelled: nothing more will be debited from your account.',
  'cooling-off-exit':
    'You exited your loan in the cooling-off period, so its auto-debit mandate is cancelled: nothing more will be debited.',
};

/** What the borrower is told of an event: a mandate's cancellation in words that fit why it ended. */
export function borrowerMessageFor(event: Pick<RecordedEvent, 'type' | 'data'>): string {
  if (event.type === 'MandateCancelled') {
    const ended = MANDATE_ENDED_WITH_LOAN[String(event.data.cause)];
    if (ended) return ended;
  }
  return MESSAGES[event.type]!;
}

type NotifyData = { position: number; loanId: string; eventType: string; borrowerId: string; message: string; correlationId?: string };

/**
 * Durable subscription -> BullMQ: each loan event that concerns the borrower becomes one job whose id is derived
 * from the subscription and the event's position, so a re-delivered event enqueues nothing new.
 */
export function borrowerNotificationsSubscription(
  queue: QueueBackend,
  borrowerOf: (loanIds: string[]) => Promise<Map<string, string>>,
): Subscription {
  const name = 'borrower-notifications';
  return {
    name,
    eventTypes: Object.keys(MESSAGES),
    produces: [{ queue: NOTIFICATIONS_QUEUE, name: NOTIFY_BORROWER_JOB }],
    async handle(events: RecordedEvent[]): Promise<void> {
      const loanIds = [...new Set(events.map((e) => String(e.data.loanId)))];
      const borrowers = await borrowerOf(loanIds);
      for (const event of events) {
        const loanId = String(event.data.loanId);
        const borrowerId = borrowers.get(loanId);
        if (!borrowerId) continue;
        // The request that caused the event, so the job's log lines are found by its X-Request-Id.
        const correlationId = typeof event.metadata.correlationId === 'string' ? event.metadata.correlationId : undefined;
        const data: NotifyData = {
          position: event.position,
          loanId,
          eventType: event.type,
          borrowerId,
          message: borrowerMessageFor(event),
          ...(correlationId ? { correlationId } : {}),
        };
        await queue.add(NOTIFICATIONS_QUEUE, NOTIFY_BORROWER_JOB, data, {
          jobId: `${name}-${event.position}`,
          attempts: 5,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: false,
        });
      }
    },
  };
}

export function notifyBorrowerJob(db: Db): JobDefinition {
  return {
    queue: NOTIFICATIONS_QUEUE,
    name: NOTIFY_BORROWER_JOB,
    async process(job: Job) {
      const data = job.data as NotifyData;
      // Keyed by the event's position: a job that runs twice writes one message.
      await db
        .insertInto('loan_notifications')
        .values({
          source_position: String(data.position),
          user_id: data.borrowerId,
          loan_id: data.loanId,
          event_type: data.eventType,
          message: data.message,
        })
        .onConflict((oc) => oc.column('source_position').doNothing())
        .execute();
      return { written: data.position };
    },
  };
}
