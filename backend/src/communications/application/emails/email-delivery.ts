import type { JobsOptions } from 'bullmq';
import type { QueueBackend } from '../../../platform/queue/queue-backend.js';

export const EMAIL_QUEUE = 'email';
export const SEND_EMAIL_JOB = 'email.send';
export const SWEEP_EMAILS_JOB = 'email.sweep';

/** How hard the worker tries, and how the sweeper finds rows whose job never made it to the queue. */
export type EmailDeliveryOptions = {
  /** BullMQ attempts per job (the first try included). */
  attempts: number;
  /** Exponential backoff: the first retry waits this long, then twice as long each time. */
  backoffMs: number;
  /** A queued row untouched for this long is handed to the queue again. */
  staleAfterMs: number;
  /** How often the `email.sweep` job runs. */
  sweepEveryMs: number;
  /** How long a sender waits for the queue (BullMQ waits for Redis indefinitely while it is down). */
  enqueueTimeoutMs: number;
};

export const DEFAULT_EMAIL_DELIVERY: EmailDeliveryOptions = {
  attempts: 5,
  backoffMs: 2000,
  staleAfterMs: 60_000,
  sweepEveryMs: 60_000,
  enqueueTimeoutMs: 2000,
};

export const EMAIL_DELIVERY = Symbol('EMAIL_DELIVERY');

export type SendEmailData = { emailId: string };

/**
 * Puts one email on the queue. The first job's id is the email's id, so enqueueing it again (the sweeper, a repeat)
 * adds nothing while that job exists; a retry after the final failure uses `<id>-retry-<attempts so far>`.
 */
export async function enqueueEmail(
  queue: QueueBackend,
  options: EmailDeliveryOptions,
  emailId: string,
  jobId: string = emailId,
): Promise<void> {
  const jobOptions: JobsOptions = {
    jobId,
    attempts: options.attempts,
    backoff: { type: 'exponential', delay: options.backoffMs },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: false,
  };
  await queue.add(EMAIL_QUEUE, SEND_EMAIL_JOB, { emailId } satisfies SendEmailData, jobOptions);
}

/**
 * For senders: enqueue, but give up waiting after `enqueueTimeoutMs` (the row is already written, so the sweeper
 * enqueues it later; if the slow add completes after all, the job id makes the sweeper's add a no-op).
 */
export async function enqueueEmailOrLeaveQueued(
  queue: QueueBackend,
  options: EmailDeliveryOptions,
  emailId: string,
  jobId: string = emailId,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const add = enqueueEmail(queue, options, emailId, jobId);
  add.catch(() => undefined);
  try {
    await Promise.race([
      add,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the queue did not answer within ${options.enqueueTimeoutMs} ms`)),
          options.enqueueTimeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export const retryJobId = (emailId: string, attemptsSoFar: number) => `${emailId}-retry-${attemptsSoFar}`;
